// This widget's hand-outs: the records of its service and owner (`domain/flow/handout-records.ts`),
// with what the execution controller asks of them: write one (with a new id) before it is
// offered, say who holds it, revoke it, find the one a hash answers.
import type { HandoutHolder, HandoutKind, OpenHandout, RevokeWhy } from '../../domain/flow/flow.js';
import { HandoutRecords, newHandoutId, type HandoutRecord } from '../../domain/flow/handout-records.js';
import type { Selection } from './execution-types.js';

/** What a hash given by the host or the user found. */
export type Answered =
  | { ok: true; record: HandoutRecord; first: boolean }
  | { ok: false; problem: 'no-hand-out' | 'second-hash' | 'approval-open' | 'unknown-hand-out' };

export class WidgetHandouts {
  private _records?: HandoutRecords;

  constructor(
    private readonly storage: () => Storage | undefined,
    private readonly service: () => string,
    private readonly owner: () => string,
  ) {}

  /** Read when first needed. */
  get records(): HandoutRecords {
    return (this._records ??= new HandoutRecords(this.storage()));
  }

  /** The last hand-out of this widget nothing answered or revoked (what a reload goes on with). */
  open(): HandoutRecord | undefined {
    return this.records.open(this.service(), this.owner());
  }

  /** Writes a new hand-out of `selection`'s route, held by the host until said otherwise; before it is offered. */
  write(selection: Selection, kind: HandoutKind, chain: string, expiresAt: number): HandoutRecord {
    const { quoteId, entry } = selection;
    const record: HandoutRecord = {
      id: newHandoutId(),
      owner: this.owner(),
      quoteId,
      routeIndex: entry.index,
      route: entry.route,
      chain,
      kind,
      expiresAt,
      holder: 'host',
      handedOutAt: Date.now(),
    };
    this.records.write(this.service(), record);
    return record;
  }

  /** The host did not take it: the page's wallet or the user holds it. */
  hold(record: HandoutRecord, holder: HandoutHolder): void {
    if (holder !== record.holder) this.records.write(this.service(), { ...record, holder });
  }

  revoke(id: string, reason: RevokeWhy): void {
    this.records.revoke(this.service(), id, reason);
  }

  /**
   * The hand-out a hash answers: the one `handoutId` names, else the open one, else this
   * widget's last; `first` when this hash is its first answer (the same hash again is not).
   */
  answer(hash: string, handoutId: string | undefined, open: OpenHandout | undefined): Answered {
    const id = handoutId ?? open?.id ?? this.records.last(this.service(), this.owner())?.id;
    if (!id) return { ok: false, problem: 'no-hand-out' };
    // The host answers its approval with `approved()`: a hash now is the approval's.
    if (open?.id === id && open.kind === 'approve' && open.holder === 'host')
      return { ok: false, problem: 'approval-open' };
    // A hand-out id belongs to the widget that made it: another widget's is not this one's to answer.
    const record = this.records.get(this.service(), id);
    if (!record || record.owner !== this.owner()) return { ok: false, problem: 'unknown-hand-out' };
    const result = this.records.answer(this.service(), id, hash);
    if (result.status === 'unknown') return { ok: false, problem: 'unknown-hand-out' };
    if (result.status === 'second-hash') return { ok: false, problem: 'second-hash' };
    return { ok: true, record: result.record, first: result.status === 'answered' };
  }
}
