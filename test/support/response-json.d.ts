// Tests read many JSON bodies and assert on their shape; typing each one adds nothing.
declare global {
  interface Response {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    json(): Promise<any>;
  }
}
export {};
