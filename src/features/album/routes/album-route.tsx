import { useAtomValue } from 'jotai';
import { sessionAtom } from '#offline/session';
import { AlbumScreen } from '#features/album/components/album-screen.tsx';

/** /album-imagenes: the user's reface portraits per attribute. */
export default function AlbumRoute() {
  const user = useAtomValue(sessionAtom).user;
  if (!user) return null;
  return <AlbumScreen userId={user.id} />;
}
