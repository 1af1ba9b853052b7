import { resolve } from "node:path";
import { defineConfig } from "vite";

// Two pages: index.html runs inside Discord (the real SDK), mock.html outside it with the
// SDK's DiscordSDKMock (local development, the end-to-end tests).
export default defineConfig({
  base: "./",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rollupOptions: {
      input: { index: resolve(__dirname, "index.html"), mock: resolve(__dirname, "mock.html") },
    },
  },
});
