/** A stylesheet as text (css-loader alone, no style-loader): for a shadow root, not the page. */
declare module '!!css-loader?exportType=string!*' {
  const css: string;
  export default css;
}
