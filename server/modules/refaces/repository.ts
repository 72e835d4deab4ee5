// SQL for refaces and their portraits. Every read that can reveal a portrait is scoped to its
// owner (user id in the WHERE clause); the job's writes are keyed by the upload's request id,
// so work for an upload that a newer one replaced never lands.
import type { Kysely, Selectable } from 'kysely';
import type { Database, RefacesTable } from '#server/db/schema';

export type RefaceRow = Selectable<RefacesTable>;

export interface RefaceAttributeRow {
  id: number;
  slug: string;
  nombre: string;
  enabled: boolean;
}

export function createRefacesRepository(db: Kysely<Database>) {
  return {
    async findAttribute(id: number): Promise<RefaceAttributeRow | undefined> {
      return db.selectFrom('attributes').select(['id', 'slug', 'nombre', 'enabled']).where('id', '=', id).executeTakeFirst();
    },

    async statusOf(userId: number, attributeId: number) {
      return db.selectFrom('refaces').select(['status', 'image_path'])
        .where('user_id', '=', userId).where('attribute_id', '=', attributeId).executeTakeFirst();
    },

    /** A new upload replaces whatever was waiting: new request id, photo, back to pending. */
    async savePending(input: { userId: number; attributeId: number; requestId: string; photo: Uint8Array; now: Date }) {
      return db.insertInto('refaces')
        .values({
          user_id: input.userId, attribute_id: input.attributeId, status: 'pending', request_id: input.requestId,
          photo: input.photo, requested_at: input.now, updated_at: input.now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'attribute_id']).doUpdateSet({
          status: 'pending', request_id: input.requestId, photo: input.photo, requested_at: input.now, failure: null, updated_at: input.now,
        }))
        .returning(['id', 'status', 'image_path'])
        .executeTakeFirstOrThrow();
    },

    /** Locks the reface of this upload while it is still waiting or in progress; undefined if superseded or settled. */
    async lockInFlight(refaceId: number, requestId: string) {
      return db.selectFrom('refaces').selectAll()
        .where('id', '=', refaceId).where('request_id', '=', requestId).where('status', 'in', ['pending', 'processing'])
        .forUpdate().executeTakeFirst();
    },

    async markProcessing(refaceId: number, now: Date): Promise<void> {
      await db.updateTable('refaces').set({ status: 'processing', updated_at: now }).where('id', '=', refaceId).execute();
    },

    async markFailed(refaceId: number, requestId: string, failure: string, now: Date): Promise<void> {
      await db.updateTable('refaces').set({ status: 'failed', photo: null, failure: failure.slice(0, 500), updated_at: now })
        .where('id', '=', refaceId).where('request_id', '=', requestId).where('status', 'in', ['pending', 'processing'])
        .execute();
    },

    async insertImage(bytes: Uint8Array): Promise<number> {
      const row = await db.insertInto('reface_images').values({ bytes }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async complete(refaceId: number, image: { id: number; path: string }, now: Date): Promise<void> {
      await db.updateTable('refaces')
        .set({ status: 'completed', photo: null, image_id: image.id, image_path: image.path, completed_at: now, failure: null, updated_at: now })
        .where('id', '=', refaceId).execute();
    },

    /** Drops a replaced portrait unless another reface still shows it (the demo shares some). */
    async deleteImageIfUnused(imageId: number): Promise<void> {
      await db.deleteFrom('reface_images').where('id', '=', imageId)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('refaces').select('id').where('image_id', '=', imageId))))
        .execute();
    },

    async album(userId: number) {
      return db.selectFrom('refaces').select(['attribute_id', 'image_path'])
        .where('user_id', '=', userId).where('image_path', 'is not', null)
        .orderBy('attribute_id').execute();
    },

    /** The owner's portrait at `path`; undefined for anyone else's path or an unknown one. */
    async imageOf(userId: number, path: string) {
      return db.selectFrom('refaces')
        .innerJoin('reface_images', 'reface_images.id', 'refaces.image_id')
        .select(['reface_images.bytes', 'reface_images.content_type'])
        .where('refaces.user_id', '=', userId).where('refaces.image_path', '=', path)
        .executeTakeFirst();
    },
  };
}
