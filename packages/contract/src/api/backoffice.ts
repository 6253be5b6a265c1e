import { z } from 'zod';
import { listQuery } from '../envelope.js';

/** What the back office's own rules say, Thai first (not given by the spec: written down in DEVIATIONS). */
export const backofficeMessageTexts = {
  staffLoginFailed: { th: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง', en: 'Wrong username or password' },
  lastStaff: {
    th: 'ต้องมีบัญชีเจ้าหน้าที่ที่ใช้งานได้อย่างน้อย 1 บัญชี ไม่สามารถปิดหรือลบบัญชีสุดท้ายได้',
    en: 'At least one staff account must stay enabled: the last one cannot be disabled or deleted',
  },
} as const;

const id = z.coerce.number().int().positive().max(2_147_483_647);

const coinNoteRequired = 'กรุณากรอก เหตุผลการปรับเหรียญ';
/**
 * A staff coin adjustment (a logPoint row written from a member's page): coins in or out, never 0, with the
 * reason the member's history and the audit log show.
 */
export const coinAdjustment = z.object({
  user_id: id,
  log_point_amount: z.coerce
    .number()
    .int()
    .min(-1_000_000)
    .max(1_000_000)
    .refine((n) => n !== 0, 'จำนวนเหรียญต้องไม่เป็น 0'),
  log_point_type: z.literal('staff').default('staff'),
  log_point_note: z.string({ error: coinNoteRequired }).trim().min(1, coinNoteRequired).max(1000),
});

/** The history of staff writes: of one row (`subject`, `subject_id`), of one member, or of one staff account. */
export const auditQuery = listQuery.pick({ page: true, pageSize: true }).extend({
  subject: z.string().max(50).optional(),
  subject_id: id.optional(),
  member_id: id.optional(),
  personnel_id: id.optional(),
});

/** One staff write: who, when, what; `changes` maps a field to `[before, after]` for an update. */
export const auditEntry = z.object({
  id: z.number().int(),
  personnel_id: z.number().int(),
  personnel_username: z.string().nullable(),
  action: z.string(),
  subject: z.string(),
  subject_id: z.number().int().nullable(),
  member_id: z.number().int().nullable(),
  changes: z.record(z.string(), z.unknown()),
  note: z.string().nullable(),
  create_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const dashboardQuery = z.object({
  /** How many Bangkok days the daily figures cover, ending today. */
  days: z.coerce.number().int().min(7).max(90).default(30),
});

const sales = { net: z.number(), orders: z.number().int() };

/** The back office's front page: each figure links to the list it counts. */
export const dashboard = z.object({
  /** Finished orders by the Bangkok day of their approval, oldest first, every day of the period present. */
  salesByDay: z.array(z.object({ date: z.string(), ...sales })),
  /** The same for the last 12 months ("YYYY-MM"). */
  salesByMonth: z.array(z.object({ month: z.string(), ...sales })),
  waitingOrders: z.number().int(),
  newMembers: z.object({ today: z.number().int(), period: z.number().int() }),
  bestSelling: z.array(
    z.object({ product_id: z.number().int(), product_title: z.string(), orders: z.number().int(), net: z.number() }),
  ),
  /** Hours of lessons members played in the period (the sum of played stretches). */
  hoursWatched: z.number(),
});
export type Dashboard = z.infer<typeof dashboard>;
