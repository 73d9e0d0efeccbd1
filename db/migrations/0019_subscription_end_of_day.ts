import type { Kysely } from "kysely";

/**
 * A subscription granted "until <day>" (admin area, command line) ended at 23:59:59 UTC of that
 * day, which is already the next day in Israel, where the school is and where dates are shown: the
 * admin who picked 31 March read "Apr 1". Grants now end at the last second of the day on the
 * school's clock (`endOfBusinessDay` in app/i18n/format.ts); this moves the grants made before to
 * the same instant of the day that was picked. Bought subscriptions (their end is the payment
 * provider's period) and unlimited ones are left alone.
 */
/** The last second of a day in Israel (a migration keeps its own copy: it must not change later). */
function endOfDayInIsrael(day: string): Date {
  const clock = new Intl.DateTimeFormat("en-US", {
    timeZone: "Asia/Jerusalem",
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  const offsetAt = (at: Date) => {
    const p = Object.fromEntries(clock.formatToParts(at).map((part) => [part.type, Number(part.value)]));
    return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - at.getTime();
  };
  const asUtc = new Date(`${day}T23:59:59.000Z`);
  const end = new Date(asUtc.getTime() - offsetAt(asUtc));
  return new Date(asUtc.getTime() - offsetAt(end));
}

export async function up(db: Kysely<any>): Promise<void> {
  const rows: Array<{ id: string; ends_at: string }> = await db
    .selectFrom("subscriptions")
    .select(["id", "ends_at"])
    .where("provider_subscription_id", "is", null)
    .where("ends_at", "like", "%T23:59:59.000Z")
    .execute();
  for (const row of rows) {
    const end = endOfDayInIsrael(row.ends_at.slice(0, 10));
    await db.updateTable("subscriptions").set({ ends_at: end.toISOString() }).where("id", "=", row.id).execute();
  }
}

/** Back to 23:59:59 UTC of the same day (the day on the business clock is the UTC day here). */
export async function down(db: Kysely<any>): Promise<void> {
  const rows: Array<{ id: string; ends_at: string }> = await db
    .selectFrom("subscriptions")
    .select(["id", "ends_at"])
    .where("provider_subscription_id", "is", null)
    .where((eb) => eb.or([eb("ends_at", "like", "%T20:59:59.000Z"), eb("ends_at", "like", "%T21:59:59.000Z")]))
    .execute();
  for (const row of rows)
    await db
      .updateTable("subscriptions")
      .set({ ends_at: `${row.ends_at.slice(0, 10)}T23:59:59.000Z` })
      .where("id", "=", row.id)
      .execute();
}
