/** A JSON file imported for its URL: the build emits it as a hashed asset (esbuild's "file" loader). */
declare module '*.json' {
  const url: string;
  export { url as default };
}
/** Stylesheets are bundled into the page's CSS file. */
declare module '*.css';
