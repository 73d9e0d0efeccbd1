import { sql, type Kysely } from "kysely";

/**
 * A quiz is attached to a list on purpose, with its own pass mark (issue 31, D-M10). Until now the
 * one link between them was the quiz's "Watch Now" address: whichever list it led to required the
 * quiz for its certificate, without the teacher being told, and the mark was 70 % for every quiz.
 * `list_id` is the list whose certificate asks for a pass of this quiz (null: none), set here from
 * the "Watch Now" address each quiz has, so nothing changes for a quiz that was already a list's;
 * `pass_percent` is the mark, 70 for every quiz there is.
 *
 * Certificates also name the course that was bought or taken when the list belongs to exactly one
 * course card (D-M7): those issued before say the list's name, and are renamed here the same way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("quizzes").addColumn("list_id", "text").execute();
  await db.schema
    .alterTable("quizzes")
    .addColumn("pass_percent", "integer", (c) => c.notNull().defaultTo(70))
    .execute();
  await sql`
    update quizzes set list_id = (
      select p.target_id from catalogue_paths p where p.kind = 'list' and p.path = lower(quizzes.follow_up)
    )`.execute(db);

  await sql`
    update certificates set
      title_en = (
        select c.title_en from courses c join course_video_lists l on l.course_id = c.id
        where l.list_id = certificates.list_id
      ),
      title_he = (
        select coalesce(c.title_he, c.title_en) from courses c join course_video_lists l on l.course_id = c.id
        where l.list_id = certificates.list_id
      )
    where (select count(*) from course_video_lists l where l.list_id = certificates.list_id) = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("quizzes").dropColumn("pass_percent").execute();
  await db.schema.alterTable("quizzes").dropColumn("list_id").execute();
}
