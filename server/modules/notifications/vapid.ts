// The VAPID key pair (RFC 8292) that identifies this server to push services: from the
// configuration, or, when it has none (demo mode), generated once and stored in the database so
// every instance signs with the same pair and subscriptions survive restarts. Cached per process.
// Never logs or answers the private key.
import webpush from 'web-push';
import type { AppDeps } from '#server/deps';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface VapidSource {
  keys(): Promise<VapidKeys>;
  subject: string;
}

export function createVapidSource({ db, config }: Pick<AppDeps, 'db' | 'config'>): VapidSource {
  let loaded: Promise<VapidKeys> | null = null;

  async function stored(): Promise<VapidKeys> {
    const read = () => db.selectFrom('vapid_keys').select(['public_key', 'private_key']).executeTakeFirst();
    let row = await read();
    if (!row) {
      const fresh = webpush.generateVAPIDKeys();
      // Two instances starting at once: the first insert wins and both read it back.
      await db.insertInto('vapid_keys').values({ public_key: fresh.publicKey, private_key: fresh.privateKey })
        .onConflict((oc) => oc.column('id').doNothing()).execute();
      row = await read();
    }
    if (!row) throw new Error('VAPID keys could not be stored');
    return { publicKey: row.public_key, privateKey: row.private_key };
  }

  return {
    subject: config.vapidSubject,
    keys() {
      if (config.vapid) return Promise.resolve(config.vapid);
      loaded ??= stored().catch((error: unknown) => {
        loaded = null;
        throw error;
      });
      return loaded;
    },
  };
}
