import type { Translation } from "./en";

/** Hebrew strings. Same keys as en.ts; the type and a test keep them equal. */
export const he: Translation = {
  site: {
    name: "לומדה",
    tagline: "ללמוד לתכנת. לבנות את העתיד.",
    description:
      "לומדה היא פלטפורמת לימוד למתכנתים בעברית ובאנגלית: קורסי וידאו, מבחני תרגול, ספרייה דיגיטלית ועוד.",
  },
  a11y: {
    skipToContent: "דילוג לתוכן הראשי",
    loading: "טוען…",
    backToTop: "חזרה לראש העמוד",
    mainNav: "ניווט ראשי",
    breadcrumb: "פירורי לחם",
    openMenu: "תפריט",
  },
  nav: {
    home: "דף הבית",
    about: "אודות",
    courses: "קורסים",
    contact: "צור קשר",
    pages: "עמודים",
    team: "הצוות שלנו",
    testimonial: "המלצות",
    feedback: "משוב",
    signIn: "כניסה",
    switchLanguage: "English",
    switchLanguageLabel: "מעבר לאנגלית",
  },
  footer: {
    quickLinks: "קישורים מהירים",
    contact: "יצירת קשר",
    gallery: "גלריה",
    galleryImage: "תמונה {{n}} בגלריה",
    newsletter: "ניוזלטר",
    newsletterText: "קורסים חדשים וטיפים ללמידה ישירות לתיבת הדואר. בלי ספאם, אפשר להסיר בכל עת.",
    emailLabel: "האימייל שלך",
    emailPlaceholder: "you@example.com",
    signUp: "הרשמה",
    copyright: "© {{year}} לומדה. כל הזכויות שמורות.",
    address: "כתובת",
    phone: "טלפון",
    email: "אימייל",
    privacy: "פרטיות",
    terms: "תנאי שימוש",
  },
  breadcrumb: {
    home: "דף הבית",
    pages: "עמודים",
  },
  notFound: {
    code: "404",
    title: "הדף לא נמצא",
    message: "מצטערים, הדף שחיפשת לא קיים באתר שלנו. אולי כדאי לחזור לדף הבית?",
    goHome: "חזרה לדף הבית",
    metaTitle: "הדף לא נמצא · לומדה",
  },
  error: {
    title: "שגיאה לא צפויה באפליקציה!",
    status: "סטטוס {{status}}",
    genericMessage: "משהו השתבש אצלנו. נסו שוב בעוד רגע.",
    goHome: "חזרה לדף הבית",
    metaTitle: "שגיאה · לומדה",
  },
  home: {
    metaTitle: "לומדה · ללמוד תכנות אונליין",
    heroEyebrow: "הקורסים הטובים ברשת",
    heroTitle: "ללמוד מיומנויות חדשות ולפתוח עסק משלך",
    heroText:
      "קורסי וידאו, מבחני תרגול וספרייה דיגיטלית, בעברית ובאנגלית — לומדים בקצב שלכם והופכים את מה שלמדתם לעבודה.",
    heroCta: "לכל הקורסים",
    heroSecondary: "הצטרפו עכשיו",
  },
};
