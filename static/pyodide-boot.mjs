// PyScript's "interpreter" module: hands PyScript the Pyodide runtime that boot.js started loading
// as soon as the page began (in parallel with PyScript's own start-up), instead of a second one.
import * as pyodide from "./pyodide.mjs";

export const version = pyodide.version;

export function loadPyodide(options = {}) {
  const early = globalThis.gridworksBoot && globalThis.gridworksBoot.runtime;
  if (!early) return pyodide.loadPyodide(options);
  return early.then((py) => {
    if (options.stdout) py.setStdout({batched: options.stdout});
    if (options.stderr) py.setStderr({batched: options.stderr});
    return py;
  });
}
