// The reface provider: turns a checked photo into the attribute's portrait. An interface, so
// a remote AI service can replace the local sharp one without touching the pipeline (job,
// states, points). Providers never write anything: the job stores what they return.

export interface RefaceAttribute {
  id: number;
  slug: string;
  nombre: string;
}

export interface RefaceRequest {
  /** A photo that passed the upload checks (real JPEG or PNG, sane dimensions). */
  photo: Uint8Array;
  attribute: RefaceAttribute;
}

export interface RefaceProvider {
  /** The portrait as JPEG bytes; rejects when it cannot make one (the reface then fails). */
  render(request: RefaceRequest): Promise<Buffer>;
}
