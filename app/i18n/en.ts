/** English strings: the reference set. `he.ts` must have exactly the same keys (typed and tested). */
export const en = {
  site: {
    name: "Lomda",
    tagline: "Learn to code. Build your future.",
    description:
      "Lomda is an e-learning platform for programmers in English and Hebrew: video courses, practice quizzes, an e-library and more.",
  },
  a11y: {
    skipToContent: "Skip to main content",
    loading: "Loading…",
    backToTop: "Back to top",
    mainNav: "Main navigation",
    breadcrumb: "Breadcrumb",
    openMenu: "Menu",
  },
  nav: {
    home: "Home",
    about: "About",
    courses: "Courses",
    contact: "Contact",
    pages: "Pages",
    team: "Our Team",
    testimonial: "Testimonial",
    feedback: "Feedback",
    signIn: "Sign in",
    switchLanguage: "עברית",
    switchLanguageLabel: "Switch to Hebrew",
  },
  footer: {
    quickLinks: "Quick Links",
    contact: "Contact",
    gallery: "Gallery",
    galleryImage: "Gallery image {{n}}",
    newsletter: "Newsletter",
    newsletterText: "Get new courses and learning tips in your inbox. No spam, unsubscribe at any time.",
    emailLabel: "Your email",
    emailPlaceholder: "you@example.com",
    signUp: "Sign Up",
    copyright: "© {{year}} Lomda. All rights reserved.",
    address: "Address",
    phone: "Phone",
    email: "Email",
    privacy: "Privacy",
    terms: "Terms",
  },
  breadcrumb: {
    home: "Home",
    pages: "Pages",
  },
  notFound: {
    code: "404",
    title: "Page Not Found",
    message: "We’re sorry, the page you have looked for does not exist on our website. Maybe go to our home page?",
    goHome: "Go Back To Home",
    metaTitle: "Page Not Found · Lomda",
  },
  error: {
    title: "Unexpected Application Error!",
    status: "Status {{status}}",
    genericMessage: "Something went wrong on our side. Please try again in a moment.",
    goHome: "Go Back To Home",
    metaTitle: "Error · Lomda",
  },
  home: {
    metaTitle: "Lomda · Learn programming online",
    heroEyebrow: "Best online courses",
    heroTitle: "Learn new skills and start your own business",
    heroText:
      "Video courses, practice quizzes and an e-library, in English and Hebrew — learn at your own pace and turn what you learn into work.",
    heroCta: "Browse courses",
    heroSecondary: "Join now",
  },
} as const;

type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Translation = Shape<typeof en>;
