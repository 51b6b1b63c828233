import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
export default defineConfig({
  root: '/work/wt-bundle/apps/web',
  plugins: [react()],
  build: {
    outDir: '/tmp/wtb-probe/dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: { input: '/work/wt-bundle/apps/web/src/__probe.tsx' },
  },
});
