// Kysely's view of the database: one interface per table, matching migrations/ exactly.
// Types only; no queries here. Dates (`date` columns) are ISO 'YYYY-MM-DD' strings and
// bigint columns are numbers on both drivers (see open.ts for the type parsers).
import type { CalendarEntry } from '#domain/calendar';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** timestamptz: read as Date, written as Date or ISO string, defaulting to now() where declared. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** json/jsonb: written as a JSON string (both drivers accept it), read as parsed data. */
type Json = ColumnType<unknown, string, string>;

export interface BrandsTable {
  id: number;
  name: string;
}

export interface PlatformsTable {
  id: Generated<number>;
  name: string;
}

export interface SitesTable {
  id: Generated<number>;
  name: string;
  platform_id: number;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  nick_name: string | null;
  role: Generated<string>;
  perfil: Generated<string>;
  division: string | null;
  brand_id: number;
  platform_id: number | null;
  site_id: number | null;
  puntos_ring_ring: Generated<number>;
  /** Time accommodation (0043): 1, 1.5 or 2, #domain/scoring TimeFactor. */
  time_factor: Generated<number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** The programme calendar: one row per attribute, the same shape the domain rules read. */
/** The calendar entry and, since migration 0023, the attribute's content (Programa). */
export interface AttributesTable extends CalendarEntry {
  color: ColumnType<string | null, string | null | undefined, string | null>;
  tagline: ColumnType<string | null, string | null | undefined, string | null>;
  definition: ColumnType<string | null, string | null | undefined, string | null>;
  personality: ColumnType<string[], string | undefined, string>;
  language: ColumnType<string[], string | undefined, string>;
  /** Media-store URLs; null: the built-in art of the slug. */
  logo_url: ColumnType<string | null, string | null | undefined, string | null>;
  banner_url: ColumnType<string | null, string | null | undefined, string | null>;
  sync_grace_hours: Generated<number>;
}

export interface VideosTable {
  id: Generated<number>;
  attribute_id: number;
  position: number;
  title: string;
  url: string;
  captions_url: string | null;
  available_from: string | null;
  /** 0 when unknown; the plausibility rule of #domain/video-progress uses it. */
  duration_seconds: Generated<number>;
  /** A watched video is hidden, never deleted (migration 0023). */
  hidden: Generated<boolean>;
  poster_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** The HLS master playlist once processed (migration 0031); null before, and for older videos. */
  stream_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** The file the operator uploaded, which a retry processes again; null for older videos. */
  source_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** Agents see only 'ready' videos. */
  processing: ColumnType<VideoProcessing, VideoProcessing | undefined, VideoProcessing>;
  processing_progress: Generated<number>;
  /** Why the processing failed, in Spanish for the back-office. */
  processing_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** The poster is the processing's (a new file's processing may replace it), not the operator's. */
  poster_generated: Generated<boolean>;
  /** url/stream_url/poster/duration are renditions agents can play: it was ready once (migration 0032). */
  playable: Generated<boolean>;
}

/** What the job made of a source file (its content key), per encoding (migration 0032). */
export interface VideoRenditionsTable {
  source_key: string;
  encoding: string;
  stream_url: string;
  url: string;
  poster_url: string;
  duration_seconds: number;
  created_at: DefaultTimestamp;
}

export type VideoProcessing = 'ready' | 'queued' | 'running' | 'failed';

/** A user's high-water mark per video; moments are when the viewing happened. */
export interface VideoProgressTable {
  user_id: number;
  video_id: number;
  porcentaje: Generated<number>;
  first_partial_at: Timestamp | null;
  seen_at: Timestamp | null;
  updated_at: DefaultTimestamp;
}

export type SessionScope = 'full' | 'sync';

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  impersonator_user_id: number | null;
  scope: ColumnType<SessionScope, SessionScope | undefined, SessionScope>;
  created_at: DefaultTimestamp;
  last_seen_at: DefaultTimestamp;
  revoked_at: Timestamp | null;
  /** A 'sync' session's full session (the sign-in that issued both). */
  parent_session_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** An impersonation session's opener: the supervisor's session; it ends with it (migration 0010). */
  opener_session_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A 'sync' session's signing secret: it delivers only actions signed with it (migration 0011). */
  action_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SsoUsedTokensTable {
  jti: string;
  expires_at: Timestamp;
}

export type LedgerKind = 'activity' | 'prize' | 'redemption' | 'refund' | 'expiry';

export interface PointsLedgerTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  concept: string;
  source_key: string | null;
  attribute_id: number | null;
  kind: LedgerKind;
  occurred_at: Timestamp;
  created_at: DefaultTimestamp;
  expires_at: Timestamp | null;
}

/**
 * The balance beside the ledger (migration 0012): SUM(points_ledger.amount) per user, and the
 * earliest moment an unsettled credit may lapse (NULL: none can). Written only by
 * points/movements.ts, in the ledger row's transaction.
 */
export interface UserBalancesTable {
  user_id: number;
  balance: number;
  lapse_check_at: Timestamp | null;
}

export interface IdempotencyRecordsTable {
  user_id: number;
  key: string;
  request_hash: string;
  status_code: number | null;
  response_body: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: DefaultTimestamp;
  /** The server instance that holds the claim while it has no answer (migration 0019). */
  owner: string | null;
}

/** One row per running server process, its heartbeat kept by the idempotency plugin (0019). */
export interface ServerInstancesTable {
  id: string;
  started_at: DefaultTimestamp;
  heartbeat_at: DefaultTimestamp;
}

/** Sign-in rate limits shared by every instance (migration 0013, plugins/rate-limit-store.ts). */
export interface RateLimitHitsTable {
  route_key: string;
  client_key: string;
  hits: number;
  window_ends_at: Timestamp;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: Json;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  run_at: DefaultTimestamp;
  attempts: Generated<number>;
  locked_at: Timestamp | null;
  last_error: string | null;
  unique_key: string | null;
  created_at: DefaultTimestamp;
}

/** disponible and tiene_stock are 0/1 flags; provider codes are null for hand-delivered prizes. */
export interface ProductsTable {
  id: Generated<number>;
  imagen: string;
  nombre: string;
  descripcion: string | null;
  condiciones: string | null;
  codigo_producto_chequemotiva: string | null;
  codigo_plantilla_chequemotiva: string | null;
  tiene_stock: Generated<number>;
  disponible: Generated<number>;
  display_order: Generated<number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface ProductValuesTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  valor_rings: number;
  valor_chequemotiva: string | null;
}

export type OrderStatus = 'pending' | 'issued' | 'failed';

export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  premio_id: number;
  value_id: number;
  nombre_producto: string;
  cantidad: Generated<number>;
  puntos: number;
  valor_chequemotiva: string | null;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  id_api: string | null;
  code: string | null;
  url: string | null;
  error: number | null;
  error_message: string | null;
  validity_start: Timestamp | null;
  validity_end: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** The redemption's Idempotency-Key: one order per key, whatever happens to its answer (0019). */
  idempotency_key: string | null;
}

export interface LogEventsTable {
  id: Generated<number>;
  user_id: number;
  action: string;
  occurred_at: Timestamp;
  created_at: DefaultTimestamp;
  /** The action's Idempotency-Key: one row per key (0019). */
  idempotency_key: string | null;
}

/** A generated reface portrait (JPEG bytes); refaces point at it. */
export interface RefaceImagesTable {
  id: Generated<number>;
  bytes: Uint8Array;
  content_type: Generated<string>;
  created_at: DefaultTimestamp;
}

export type RefaceStatusValue = 'pending' | 'processing' | 'completed' | 'failed';

/** One user's reface of one attribute: its processing state and current portrait. */
export interface RefacesTable {
  id: Generated<number>;
  user_id: number;
  attribute_id: number;
  status: RefaceStatusValue;
  request_id: string;
  photo: Uint8Array | null;
  image_id: number | null;
  image_path: string | null;
  requested_at: Timestamp;
  completed_at: Timestamp | null;
  failure: string | null;
  updated_at: DefaultTimestamp;
}

/** One row per impersonation: who, whom, when, from where; the session says when it ended. */
export interface ImpersonationAuditTable {
  id: Generated<number>;
  impersonator_user_id: number;
  target_user_id: number;
  session_id: number | null;
  ip: string;
  user_agent: string | null;
  created_at: DefaultTimestamp;
}

export type ImportFileType = 'xlsx' | 'xls' | 'csv';

/** One row per successful user import. */
export interface UserImportsTable {
  id: Generated<number>;
  user_id: number;
  file_name: string;
  file_type: ImportFileType;
  users_created: number;
  users_updated: number;
  duplicates: number;
  ip: string;
  created_at: DefaultTimestamp;
}

/** One row per user an import created or changed: the changed fields before and after (migration 0009). */
export interface UserImportAuditTable {
  id: Generated<number>;
  import_id: number;
  importer_user_id: number;
  target_user_id: number;
  action: 'created' | 'updated';
  /** Null for a created user. */
  before: ColumnType<unknown, string | null, string | null>;
  after: Json;
  ip: string;
  created_at: DefaultTimestamp;
}

export type AdminAuditAction = 'created' | 'promoted' | 'unchanged';

/** One row per run of `npm run admin`: who ran it, whom it made (or found) admin, before and after (migration 0022). */
export interface AdminAuditTable {
  id: Generated<number>;
  /** 'cli' for `npm run admin`. */
  actor: string;
  os_user: string | null;
  host: string | null;
  target_user_id: number;
  action: AdminAuditAction;
  /** Null for a created user. */
  before: ColumnType<unknown, string | null, string | null>;
  after: Json;
  created_at: DefaultTimestamp;
}

/** A quiz question (quiz 1 or 2 of an attribute); position 1-10 is its place in the quiz. */
export interface QuizQuestionsTable {
  id: Generated<number>;
  attribute_id: number;
  quiz: number;
  position: number;
  text: string;
  /** One line the agent reads after a Repaso answer (migration 0040); null when the operator wrote none. */
  explanation: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An option of a question; exactly one per question is correct. */
export interface QuizOptionsTable {
  id: Generated<number>;
  question_id: number;
  position: number;
  text: string;
  correct: Generated<boolean>;
}

/** One attempt of a user at a quiz; completed_at is when its last answer happened. */
export interface QuizParticipationsTable {
  id: Generated<number>;
  user_id: number;
  attribute_id: number;
  quiz: number;
  issued_at: Timestamp;
  completed_at: Timestamp | null;
  created_at: DefaultTimestamp;
  /** The question GET /{participacion}/pregunta last served, and when it first served it (migration 0011). */
  served_question_id: ColumnType<number | null, number | null | undefined, number | null>;
  served_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** The first answer to a question of a participation, with its timing and points. */
export interface QuizAnswersTable {
  participation_id: number;
  question_id: number;
  option_id: number;
  correct: boolean;
  elapsed_ms: number;
  points: number;
  occurred_at: Timestamp;
  received_at: Timestamp;
}

/** One agent in one ranking (attribute_id 0: global); see migration 0005. */
export interface RankingStandingsTable {
  attribute_id: number;
  user_id: number;
  brand_id: number;
  site_id: number | null;
  points: Generated<number>;
  tasks: Generated<number>;
  finished_at: Timestamp | null;
  reached_at: Timestamp | null;
}

export type RankingScopeName = 'global' | 'marca' | 'plataforma';

/** How many agents of a ranking scope hold each score (scope_id 0 for global). */
export interface RankingScoreCountsTable {
  attribute_id: number;
  scope: RankingScopeName;
  scope_id: number;
  points: number;
  agents: number;
}

export interface RankingClosingsTable {
  attribute_id: number;
  frozen_at: Timestamp;
  paid_at: Timestamp | null;
}

export interface RankingWinnersTable {
  attribute_id: number;
  scope: 'marca' | 'plataforma';
  scope_id: number;
  position: number;
  user_id: number;
  tier: number;
  amount: number;
  points: number;
}

export interface RankingDownloadsTable {
  token_hash: string;
  user_id: number;
  file_name: string;
  bytes: Uint8Array;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
}

/** Seguimiento (migration 0014): one agent's state on one attribute, once started. Written by coaching/aggregates.ts. */
export interface CoachingProgressTable {
  attribute_id: number;
  user_id: number;
  brand_id: number;
  /** 0: none. */
  platform_id: number;
  /** 0: none. */
  site_id: number;
  last_activity_at: Timestamp;
  videos_seen: number;
  /** Bit q-1 set when quiz q is completed. */
  quiz_mask: number;
  /** Points of the completed quizzes. */
  quiz_points: number;
  reface: boolean;
  finished: boolean;
}

/** Agents per placement (migration 0014). */
export interface CoachingPopulationTable {
  brand_id: number;
  platform_id: number;
  site_id: number;
  agents: number;
}

/** Per (attribute, placement) counters of coaching_progress (migration 0014). */
export interface CoachingCountsTable {
  attribute_id: number;
  brand_id: number;
  platform_id: number;
  site_id: number;
  started: number;
  finished: number;
  reface: number;
  quizzes: number;
  quiz_points: number;
}

/** Monthly ranking points per (attribute, placement, day) (migration 0014). */
export interface CoachingDayPointsTable {
  attribute_id: number;
  brand_id: number;
  platform_id: number;
  site_id: number;
  day: string;
  points: number;
}

/** First answers per (attribute, placement, question, option) (migration 0014). */
export interface CoachingAnswerCountsTable {
  attribute_id: number;
  brand_id: number;
  platform_id: number;
  site_id: number;
  question_id: number;
  option_id: number;
  answers: number;
}

/** The calendar's columns (#domain/calendar CalendarEntry), for reads that need no content. */
export const CALENDAR_COLUMNS = ['id', 'slug', 'nombre', 'enabled', 'month_start', 'month_end', 'quiz2_opens_at', 'display_order'] as const;

/** The latest moment a fact of this device (its full session) was placed at (migration 0020). */
export interface DeviceClocksTable {
  session_id: number;
  latest_at: Timestamp;
}

/** Site tiers and brand prize in IMPs, from the month `applies_from` ('YYYY-MM') on (migration 0023). */
export interface PrizeTiersTable {
  applies_from: string;
  tier1: number;
  tier2: number;
  tier3: number;
  brand: number;
  created_at: DefaultTimestamp;
}

/** Operator settings every instance reads (migration 0023), e.g. 'maintenance'. */
export interface SettingsTable {
  key: string;
  value: Json;
  updated_at: DefaultTimestamp;
}

/** Historial de cambios: one row per change to the programme's content (migration 0023). */
export interface ContentChangesTable {
  id: Generated<number>;
  /** Null for a change made by the system (the demo's pack import). */
  actor_user_id: number | null;
  area: string;
  entity: string;
  entity_id: string;
  action: string;
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string | null, string | null>;
  ip: string | null;
  created_at: DefaultTimestamp;
}

/** The media store's index: one row per content-addressed file `<sha256>.<ext>` (migration 0023). */
export interface MediaFilesTable {
  key: string;
  content_type: string;
  size: number;
  original_name: string | null;
  created_at: DefaultTimestamp;
}

export interface Database {
  brands: BrandsTable;
  platforms: PlatformsTable;
  sites: SitesTable;
  users: UsersTable;
  attributes: AttributesTable;
  videos: VideosTable;
  video_progress: VideoProgressTable;
  products: ProductsTable;
  product_values: ProductValuesTable;
  orders: OrdersTable;
  sessions: SessionsTable;
  sso_used_tokens: SsoUsedTokensTable;
  points_ledger: PointsLedgerTable;
  user_balances: UserBalancesTable;
  idempotency_records: IdempotencyRecordsTable;
  server_instances: ServerInstancesTable;
  jobs: JobsTable;
  rate_limit_hits: RateLimitHitsTable;
  log_events: LogEventsTable;
  quiz_questions: QuizQuestionsTable;
  quiz_options: QuizOptionsTable;
  quiz_participations: QuizParticipationsTable;
  quiz_answers: QuizAnswersTable;
  reface_images: RefaceImagesTable;
  refaces: RefacesTable;
  impersonation_audit: ImpersonationAuditTable;
  user_imports: UserImportsTable;
  user_import_audit: UserImportAuditTable;
  admin_audit: AdminAuditTable;
  ranking_standings: RankingStandingsTable;
  ranking_score_counts: RankingScoreCountsTable;
  ranking_closings: RankingClosingsTable;
  ranking_winners: RankingWinnersTable;
  ranking_downloads: RankingDownloadsTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  push_subscriptions: PushSubscriptionsTable;
  vapid_keys: VapidKeysTable;
  notification_band_members: NotificationBandMembersTable;
  coaching_progress: CoachingProgressTable;
  coaching_population: CoachingPopulationTable;
  coaching_counts: CoachingCountsTable;
  coaching_day_points: CoachingDayPointsTable;
  coaching_answer_counts: CoachingAnswerCountsTable;
  device_clocks: DeviceClocksTable;
  prize_tiers: PrizeTiersTable;
  settings: SettingsTable;
  content_changes: ContentChangesTable;
  media_files: MediaFilesTable;
  video_renditions: VideoRenditionsTable;
  repaso_items: RepasoItemsTable;
  repaso_answers: RepasoAnswersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type NewLedgerEntry = Insertable<PointsLedgerTable>;
export type NewVideoProgress = Insertable<VideoProgressTable>;
export type JobRow = Selectable<JobsTable>;
export type OrderRow = Selectable<OrdersTable>;

/** One notification of one agent (migration 0015); (user_id, event_key) is unique: an event happens once. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  event_key: string;
  title: string;
  body: string;
  url: string;
  created_at: DefaultTimestamp;
  read_at: Timestamp | null;
}

/** A kind the agent switched on or off; no row means on. */
export interface NotificationPreferencesTable {
  user_id: number;
  kind: string;
  enabled: boolean;
}

/** A device's Web Push subscription; revoking its session removes it (trigger of migration 0015). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  session_id: number | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: DefaultTimestamp;
}

/** The VAPID pair generated when the configuration has none: one row. */
export interface VapidKeysTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  public_key: string;
  private_key: string;
  created_at: DefaultTimestamp;
}

/** Who was in a prize band of their site ranking at the last band check. */
export interface NotificationBandMembersTable {
  attribute_id: number;
  user_id: number;
}

/** Where a reviewed Repaso question stands for an agent (migration 0040): stage = right reviews in a row. */
export interface RepasoItemsTable {
  user_id: number;
  question_id: number;
  stage: number;
  reviews: number;
  /** The programme day it is due again, YYYY-MM-DD. */
  due_day: ColumnType<string, string, string>;
  graduated_at: Timestamp | null;
  updated_at: Timestamp;
}

/** One Repaso review (migration 0040): review 1 is the question's "second sight". */
export interface RepasoAnswersTable {
  user_id: number;
  question_id: number;
  review: number;
  option_id: number;
  correct: boolean;
  occurred_at: Timestamp;
  received_at: Timestamp;
}
