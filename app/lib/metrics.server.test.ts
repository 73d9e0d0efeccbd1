import { describe, expect, it } from "vitest";
import { recordBackup, registry } from "./metrics.server";

const value = async (name: string) => {
  const line = (await registry.metrics()).split("\n").find((l) => l.startsWith(`${name} `));
  return Number(line?.split(" ")[1]);
};

describe("the backup metrics (for the backup job)", () => {
  it("a success sets its time, duration and size; a failure counts and leaves the last success as it was", async () => {
    // The backup job's own result, as it records it (app/lib/backup-status.server.ts).
    const result = {
      ok: true as const,
      at: "2026-11-28T03:00:00.000Z",
      file: "lomda-2026-11-28T03-00-00Z.tar",
      bytes: 4096,
      durationMs: 12_500,
      reason: "scheduled",
    };
    recordBackup(result);
    expect(await value("lomda_backup_last_success_timestamp_seconds")).toBe(Date.parse("2026-11-28T03:00:00Z") / 1000);
    expect(await value("lomda_backup_last_duration_seconds")).toBe(12.5);
    expect(await value("lomda_backup_last_size_bytes")).toBe(4096);
    const failures = await value("lomda_backup_failures_total");
    recordBackup({ ok: false, at: "2026-11-29T03:00:00.000Z", error: "disk full", durationMs: 10 });
    expect(await value("lomda_backup_failures_total")).toBe(failures + 1);
    expect(await value("lomda_backup_last_success_timestamp_seconds")).toBe(Date.parse("2026-11-28T03:00:00Z") / 1000);
  });
});
