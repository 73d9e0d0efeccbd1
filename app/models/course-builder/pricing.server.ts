import { formatPrice } from "~/i18n/format";
import type { FieldErrors } from "~/models/catalogue-admin.schema";
import type { Trx } from "./write.server";

/* One price for one content: the rule both a course's and a list's save keep. */

/**
 * Courses sold on their own that share a video list must cost the same, in the same currency:
 * owning any course opens every list it holds, so a list in a $249 and a $199 course sold the $249
 * course's lessons for $199 (issue 29, decision 0031). A course sold only in the subscription may
 * share lists with any. Every course counts, published or not (a draft is published later).
 */
interface SoldCourse {
  id: string;
  title_en: string;
  title_he: string | null;
  price_cents: number;
  currency: string;
}

const bothLanguages = (en: string, he: string | null) => ({ en, he: he?.trim() ? he : en });
const priceInBoth = (course: Pick<SoldCourse, "price_cents" | "currency">) => ({
  en: formatPrice(Number(course.price_cents) / 100, "en", course.currency),
  he: formatPrice(Number(course.price_cents) / 100, "he", course.currency),
});
const samePrice = (a: Pick<SoldCourse, "price_cents" | "currency">, b: Pick<SoldCourse, "price_cents" | "currency">) =>
  Number(a.price_cents) === Number(b.price_cents) && a.currency === b.currency;

/** The list's courses as they would be: two sold on their own at different prices are refused, by name. */
export async function sharedPriceProblem(trx: Trx, courseIds: string[]): Promise<FieldErrors | null> {
  if (courseIds.length < 2) return null;
  const sold: SoldCourse[] = await trx
    .selectFrom("courses")
    .select(["id", "title_en", "title_he", "price_cents", "currency"])
    .where("id", "in", courseIds)
    .where("sold_separately", "=", 1)
    .orderBy("price_cents", "desc")
    .orderBy("title_en")
    .execute();
  const [first] = sold;
  const second = sold.find((course) => !samePrice(course, first!));
  if (!first || !second) return null;
  return {
    courses: {
      key: "courseAdmin.errors.sharedPrice",
      params: {
        first: bothLanguages(first.title_en, first.title_he),
        firstPrice: priceInBoth(first),
        second: bothLanguages(second.title_en, second.title_he),
        secondPrice: priceInBoth(second),
      },
    },
  };
}

/** A course saved at this price (sold on its own or not): refused if that makes a pair with another course of its lists. */
export async function coursePriceProblem(
  trx: Trx,
  courseId: string,
  price: { soldSeparately: boolean; price_cents: number; currency: string },
): Promise<FieldErrors | null> {
  if (!price.soldSeparately) return null;
  const other = await trx
    .selectFrom("course_video_lists as mine")
    .innerJoin("course_video_lists as theirs", "theirs.list_id", "mine.list_id")
    .innerJoin("courses", "courses.id", "theirs.course_id")
    .innerJoin("video_lists", "video_lists.id", "mine.list_id")
    .select([
      "courses.title_en",
      "courses.title_he",
      "courses.price_cents",
      "courses.currency",
      "video_lists.title_en as list_en",
      "video_lists.title_he as list_he",
    ])
    .where("mine.course_id", "=", courseId)
    .where("theirs.course_id", "<>", courseId)
    .where("courses.sold_separately", "=", 1)
    .where((eb) =>
      eb.or([eb("courses.price_cents", "<>", price.price_cents), eb("courses.currency", "<>", price.currency)]),
    )
    .orderBy("courses.title_en")
    .executeTakeFirst();
  if (!other) return null;
  return {
    price: {
      key: "courseAdmin.errors.sharedPriceCourse",
      params: {
        list: bothLanguages(other.list_en, other.list_he),
        course: bothLanguages(other.title_en, other.title_he),
        price: priceInBoth(other),
      },
    },
  };
}
