// Tests read many JSON bodies and assert on their shape; typing each one adds nothing.
declare global {
  interface Response {
    json(): Promise<any>;
  }
}
export {};
