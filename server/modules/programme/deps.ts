// What the programme's routes receive: the app's deps and the media store.
import type { AppDeps } from '#server/deps';
import type { MediaStore } from '#server/media/store';

export interface ProgrammeDeps extends AppDeps {
  media: MediaStore;
}
