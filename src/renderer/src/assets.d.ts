// Stylesheets are bundled by Vite; importing one only has the side effect of loading it.
declare module '*.css';
