import { z } from "zod";
import { courseContent, videoContent } from "./content.server";
import { bilingual, person, testimonial, videoItem } from "./content.schema";

/**
 * The parts of content/ that stay in code (the catalogue itself lives in the database, seeded from
 * content/): instructors, the team, testimonials, the about-us video and the subscription price,
 * validated once when this module loads (at start).
 */

function parse<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(
      `content/${where} is invalid:\n${result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`,
    );
  }
  return result.data;
}

const teamSchema = z.object({ key: z.string(), title: bilingual, members: z.array(person).min(1) });

const aboutVideo = parse(videoItem, videoContent.aboutVideo, "videos.ts aboutVideo");
const instructors = parse(z.array(person).length(4), courseContent.instructors, "courses.ts instructors");
const team = parse(z.array(teamSchema).length(2), courseContent.team, "courses.ts team");
const testimonials = parse(z.array(testimonial).length(4), courseContent.testimonials, "courses.ts testimonials");
const subscription = parse(
  z.object({ priceMonthly: z.number().positive(), priceYearly: z.number().positive(), currency: z.literal("USD") }),
  courseContent.subscription,
  "courses.ts subscription",
);

export const getInstructors = () => instructors;
export const getTeam = () => team;
export const getTestimonials = () => testimonials;
export const getSubscriptionPrice = () => subscription;

/** The about-us video (open to everyone): a self-hosted file. */
export const getAboutVideo = () => aboutVideo;
