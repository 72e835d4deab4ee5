import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,ico,woff2,webmanifest}'],
        // Attribute art (~170 KB of SVG) is precached so every screen is whole offline;
        // videos and product images are cached at run time (see sw/caching.ts).
        globIgnores: ['media/**'],
      },
      manifest: {
        id: '/',
        name: '+impecable',
        short_name: '+impecable',
        description: 'Formación, ranking y premios para agentes de plataformas de servicio.',
        lang: 'es',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0b5cab',
        background_color: '#f5f7fb',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  server: { proxy: { '/api': apiTarget } },
  build: { target: 'es2022', sourcemap: false },
});
