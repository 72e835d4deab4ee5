import { ComingSoon } from '#components/coming-soon';

/** /album-imagenes: reface images per attribute (later issue). */
export function AlbumRoute() {
  return <ComingSoon title="Álbum de fotos" />;
}
