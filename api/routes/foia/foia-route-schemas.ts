/** Path and query schemas of the FOIA routes (bodies are in core/foia/foia-request-fields.ts). */
import { z } from 'zod';
import { FOIA_STATUSES } from '../../../core/foia/foia-lifecycle.js';
import { jurisdictionField } from '../../../core/foia/foia-request-fields.js';
import { FOIA_SORTS } from '../../../core/foia/foia-request-types.js';
import { FOIA_REMINDER_KINDS } from '../../../core/foia/reminders/foia-reminders.js';
import { LETTER_FORMATS } from '../../../core/foia/letters/render-request-letter.js';
import { paginationShape } from '../../../core/http/list-envelope.js';

export const requestIdParams = z.object({ id: z.uuid({ message: 'Not a request id' }) });

/** `a,b` or a repeated parameter, as a list. */
const listOf = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(item).max(52));

export const listQuery = z
  .object({
    status: listOf(z.enum(FOIA_STATUSES)).optional(),
    jurisdiction: listOf(jurisdictionField).optional(),
    overdue: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    q: z.string().trim().min(1).max(200).optional(),
    tag: z.string().trim().min(1).max(50).optional(),
    sort: z.enum(FOIA_SORTS).default('-updated_at'),
    ...paginationShape,
  })
  .strict();

export const letterQuery = z.object({ format: z.enum(LETTER_FORMATS).default('text') }).strict();

/** Both reminder lists: `kind` (due_soon | overdue) and the page. */
export const reminderListQuery = z
  .object({
    kind: z.enum(FOIA_REMINDER_KINDS).optional().describe('Only reminders of this kind: due_soon (the due date is near) or overdue'),
    ...paginationShape,
  })
  .strict();
