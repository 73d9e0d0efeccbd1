import { formatPrice } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";
import type { CourseCardView, PersonView, TestimonialView } from "./catalogue.types";
import type { CourseCard } from "./content.schema";
import { getInstructors, getTeam, getTestimonials } from "./catalogue.server";

export function cardView(card: CourseCard, locale: Locale): CourseCardView {
  return {
    key: card.key,
    title: card.title[locale],
    teacher: card.teacher[locale],
    duration: card.duration,
    students: card.students,
    price: formatPrice(card.price, locale),
    rating: card.rating,
    reviews: card.reviews,
    cover: card.cover,
    readMore: card.readMore,
    join: card.join,
    summary: card.summary[locale],
  };
}

export function instructorsView(locale: Locale): PersonView[] {
  return getInstructors().map((p) => ({
    key: p.key,
    name: p.name[locale],
    role: p.role[locale],
    photo: p.photo,
    bio: p.bio?.[locale] ?? null,
  }));
}

export function teamView(locale: Locale) {
  return getTeam().map((section) => ({
    key: section.key,
    title: section.title[locale],
    members: section.members.map((p) => ({
      key: p.key,
      name: p.name[locale],
      role: p.role[locale],
      photo: p.photo,
      bio: p.bio?.[locale] ?? null,
    })),
  }));
}

export function testimonialsView(locale: Locale): TestimonialView[] {
  return getTestimonials().map((t) => ({
    key: t.key,
    name: t.name[locale],
    profession: t.profession[locale],
    quote: t.quote[locale],
    photo: t.photo,
  }));
}
