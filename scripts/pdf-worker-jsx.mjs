// Put in scope of every module of the documents' thread (scripts/build-pdf-worker.mjs): its JSX becomes calls
// of React's createElement, which every node_modules with React has, rather than of react/jsx-runtime.
export { createElement as jsxElement, Fragment as JsxFragment } from 'react';
