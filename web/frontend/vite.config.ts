// The live board's bundle: dist/index.html and hashed files under dist/assets/, served by
// the bot's web server (web/pages.py). `npm run build` type-checks first.
import { defineConfig } from "vite";

export default defineConfig({
  base: "/",
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, target: "es2022" },
});
