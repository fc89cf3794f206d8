import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // The server bundle is our Express app (server/app.ts) with every route inside it.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  server: { watch: { ignored: ["**/data/**", "**/test-results/**"] } },
  plugins: [tailwindcss(), reactRouter()],
});
