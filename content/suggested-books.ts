import type { VolumeInput } from "../app/models/book.schema.ts";

/**
 * The e-library's fixed "Suggested Books": shown even when the books service is down.
 * Shaped like Google Books API volumes. The first five are published free and legally by their
 * authors (FREE, with a link to the official PDF); the other seven are e-books for sale (FOR_SALE).
 * Covers are local SVGs in public/images/books/.
 */
export const suggestedBooks: VolumeInput[] = [
  {
    id: "eJsH4rVq2nKb",
    volumeInfo: {
      title: "Eloquent JavaScript",
      subtitle: "A Modern Introduction to Programming, 4th Edition",
      authors: ["Marijn Haverbeke"],
      publisher: "No Starch Press",
      publishedDate: "2024",
      description:
        "A hands-on introduction to programming through JavaScript, covering the language, the browser and Node.js with exercises and projects in every chapter. The author publishes the full book free online.",
      industryIdentifiers: [{ type: "ISBN_13", identifier: "9781718504103" }],
      pageCount: 456,
      categories: ["Computers"],
      imageLinks: {
        smallThumbnail: "/images/books/eJsH4rVq2nKb.svg",
        thumbnail: "/images/books/eJsH4rVq2nKb.svg",
      },
      language: "en",
    },
    saleInfo: {
      saleability: "FREE",
    },
    accessInfo: {
      viewability: "ALL_PAGES",
      pdf: {
        isAvailable: true,
        downloadLink: "https://eloquentjavascript.net/Eloquent_JavaScript.pdf",
      },
    },
  },
  {
    id: "pG1tX0cHn8Qa",
    volumeInfo: {
      title: "Pro Git",
      subtitle: "Everything You Need to Know About Git, 2nd Edition",
      authors: ["Scott Chacon", "Ben Straub"],
      publisher: "Apress",
      publishedDate: "2014",
      description:
        "The standard guide to Git, from first commits and branching to remotes, workflows, internals and administering servers. The full text is free to read and download under a Creative Commons licence.",
      industryIdentifiers: [{ type: "ISBN_13", identifier: "9781484200773" }],
      pageCount: 456,
      categories: ["Computers"],
      imageLinks: {
        smallThumbnail: "/images/books/pG1tX0cHn8Qa.svg",
        thumbnail: "/images/books/pG1tX0cHn8Qa.svg",
      },
      language: "en",
    },
    saleInfo: {
      saleability: "FREE",
    },
    accessInfo: {
      viewability: "ALL_PAGES",
      pdf: {
        isAvailable: true,
        downloadLink: "https://github.com/progit/progit2/releases/download/2.1.449/progit.pdf",
      },
    },
  },
  {
    id: "tPy2dWn3Lz_R",
    volumeInfo: {
      title: "Think Python",
      subtitle: "How to Think Like a Computer Scientist, 2nd Edition",
      authors: ["Allen B. Downey"],
      publisher: "O'Reilly Media",
      publishedDate: "2015",
      description:
        "A gentle introduction to Python and to thinking like a programmer, one concept at a time, with exercises and case studies. Green Tea Press offers it free under a Creative Commons licence.",
      industryIdentifiers: [{ type: "ISBN_13", identifier: "9781491939369" }],
      pageCount: 292,
      categories: ["Computers"],
      imageLinks: {
        smallThumbnail: "/images/books/tPy2dWn3Lz_R.svg",
        thumbnail: "/images/books/tPy2dWn3Lz_R.svg",
      },
      language: "en",
    },
    saleInfo: {
      saleability: "FREE",
    },
    accessInfo: {
      viewability: "ALL_PAGES",
      pdf: {
        isAvailable: true,
        downloadLink: "https://greenteapress.com/thinkpython2/thinkpython2.pdf",
      },
    },
  },
  {
    id: "lxCmd5Sh0tW9",
    volumeInfo: {
      title: "The Linux Command Line",
      subtitle: "A Complete Introduction, 2nd Edition",
      authors: ["William Shotts"],
      publisher: "No Starch Press",
      publishedDate: "2019",
      description:
        "Takes you from your first keystrokes in the shell to writing full Bash scripts, covering files, processes, permissions, text tools and regular expressions. The author releases the book free under a Creative Commons licence.",
      industryIdentifiers: [{ type: "ISBN_13", identifier: "9781593279523" }],
      pageCount: 504,
      categories: ["Computers"],
      imageLinks: {
        smallThumbnail: "/images/books/lxCmd5Sh0tW9.svg",
        thumbnail: "/images/books/lxCmd5Sh0tW9.svg",
      },
      language: "en",
    },
    saleInfo: {
      saleability: "FREE",
    },
    accessInfo: {
      viewability: "ALL_PAGES",
      pdf: {
        isAvailable: true,
        downloadLink: "https://sourceforge.net/projects/linuxcommand/files/TLCL/19.01/TLCL-19.01.pdf/download",
      },
    },
  },
  {
    id: "sIcP6aBsM2-u",
    volumeInfo: {
      title: "Structure and Interpretation of Computer Programs",
      subtitle: "Second Edition",
      authors: ["Harold Abelson", "Gerald Jay Sussman", "Julie Sussman"],
      publisher: "MIT Press",
      publishedDate: "1996",
      description:
        "The classic MIT text on abstraction, recursion, interpreters and the design of programs, taught through Scheme. MIT Press makes the full second edition freely available online.",
      industryIdentifiers: [{ type: "ISBN_13", identifier: "9780262510875" }],
      pageCount: 657,
      categories: ["Computers"],
      imageLinks: {
        smallThumbnail: "/images/books/sIcP6aBsM2-u.svg",
        thumbnail: "/images/books/sIcP6aBsM2-u.svg",
      },
      language: "en",
    },
    saleInfo: {
      saleability: "FREE",
    },
    accessInfo: {
      viewability: "ALL_PAGES",
      pdf: {
        isAvailable: true,
        downloadLink: "https://web.mit.edu/6.001/6.037/sicp.pdf",
      },
    },
  },
  {
    id: "cLnC8dRm4kVe",
    volumeInfo: {
      title: "Clean Code",
      subtitle: "A Handbook of Agile Software Craftsmanship",
      authors: ["Robert C. Martin"],
      publisher: "Prentice Hall",
      publishedDate: "2008",
      description:
        "Practical advice on writing code that is readable and easy to change: meaningful names, small functions, good comments, error handling and unit tests, with many worked examples.",
      industryIdentifiers: [{ type: "ISBN_13", identifier: "9780132350884" }],
      pageCount: 464,
      categories: ["Computers"],
      imageLinks: {
        smallThumbnail: "/images/books/cLnC8dRm4kVe.svg",
        thumbnail: "/images/books/cLnC8dRm4kVe.svg",
      },
      language: "en",
    },
    saleInfo: {
      saleability: "FOR_SALE",
      listPrice: {
        amount: 47.99,
        currencyCode: "USD",
      },
      retailPrice: {
        amount: 31.19,
        currencyCode: "USD",
      },
      buyLink: "https://books.google.com/books?vid=ISBN9780132350884",
    },
    accessInfo: {
      viewability: "PARTIAL",
      pdf: {
        isAvailable: false,
      },
    },
  },
  {
    id: "pRgPr20aN1v_",
    volumeInfo: {
      title: "The Pragmatic Programmer",
      subtitle: "Your Journey to Mastery, 20th Anniversary Edition",
      authors: ["David Thomas", "Andrew Hunt"],
      publisher: "Addison-Wesley Professional",
      publishedDate: "2019",
      description:
        "Timeless tips on the craft and career of software development, from orthogonality and tracer bullets to testing, automation and taking responsibility for your work.",
      industryIdentifiers: [{ type: "ISBN_13", identifier: "9780135957059" }],
      pageCount: 352,
      categories: ["Computers"],
      imageLinks: {
        smallThumbnail: "/images/books/pRgPr20aN1v_.svg",
        thumbnail: "/images/books/pRgPr20aN1v_.svg",
      },
      language: "en",
    },
    saleInfo: {
      saleability: "FOR_SALE",
      listPrice: {
        amount: 43.99,
        currencyCode: "USD",
      },
      retailPrice: {
        amount: 30.79,
        currencyCode: "USD",
      },
      buyLink: "https://books.google.com/books?vid=ISBN9780135957059",
    },
    accessInfo: {
      viewability: "PARTIAL",
      pdf: {
        isAvailable: false,
      },
    },
  },
  {
    id: "eFjV3bLoC7hQ",
    volumeInfo: {
      title: "Effective Java",
      subtitle: "Third Edition",
      authors: ["Joshua Bloch"],
      publisher: "Addison-Wesley Professional",
      publishedDate: "2018",
      description:
        "Ninety items of best practice for the Java platform, covering object creation, generics, enums, lambdas, streams, concurrency and serialization.",
      industryIdentifiers: [{ type: "ISBN_13", identifier: "9780134685991" }],
      pageCount: 412,
      categories: ["Computers"],
      imageLinks: {
        smallThumbnail: "/images/books/eFjV3bLoC7hQ.svg",
        thumbnail: "/images/books/eFjV3bLoC7hQ.svg",
      },
      language: "en",
    },
    saleInfo: {
      saleability: "FOR_SALE",
      listPrice: {
        amount: 43.99,
        currencyCode: "USD",
      },
      retailPrice: {
        amount: 35.19,
        currencyCode: "USD",
      },
      buyLink: "https://books.google.com/books?vid=ISBN9780134685991",
    },
    accessInfo: {
      viewability: "PARTIAL",
      pdf: {
        isAvailable: false,
      },
    },
  },
  {
    id: "jSgP9cRk5fTn",
    volumeInfo: {
      title: "JavaScript: The Good Parts",
      authors: ["Douglas Crockford"],
      publisher: "O'Reilly Media",
      publishedDate: "2008",
      description:
        "A short, opinionated tour of the reliable and elegant subset of JavaScript, and of the features best avoided.",
      industryIdentifiers: [{ type: "ISBN_13", identifier: "9780596517748" }],
      pageCount: 176,
      categories: ["Computers"],
      imageLinks: {
        smallThumbnail: "/images/books/jSgP9cRk5fTn.svg",
        thumbnail: "/images/books/jSgP9cRk5fTn.svg",
      },
      language: "en",
    },
    saleInfo: {
      saleability: "FOR_SALE",
      listPrice: {
        amount: 23.99,
        currencyCode: "USD",
      },
      retailPrice: {
        amount: 19.19,
        currencyCode: "USD",
      },
      buyLink: "https://books.google.com/books?vid=ISBN9780596517748",
    },
    accessInfo: {
      viewability: "PARTIAL",
      pdf: {
        isAvailable: false,
      },
    },
  },
  {
    id: "dDiA6kLe-p3M",
    volumeInfo: {
      title: "Designing Data-Intensive Applications",
      subtitle: "The Big Ideas Behind Reliable, Scalable, and Maintainable Systems",
      authors: ["Martin Kleppmann"],
      publisher: "O'Reilly Media",
      publishedDate: "2017",
      description:
        "A clear guide to the ideas behind modern data systems, including storage engines, replication, partitioning, transactions, consistency and stream processing.",
      industryIdentifiers: [{ type: "ISBN_13", identifier: "9781449373320" }],
      pageCount: 616,
      categories: ["Computers"],
      imageLinks: {
        smallThumbnail: "/images/books/dDiA6kLe-p3M.svg",
        thumbnail: "/images/books/dDiA6kLe-p3M.svg",
      },
      language: "en",
    },
    saleInfo: {
      saleability: "FOR_SALE",
      listPrice: {
        amount: 59.99,
        currencyCode: "USD",
      },
      retailPrice: {
        amount: 47.99,
        currencyCode: "USD",
      },
      buyLink: "https://books.google.com/books?vid=ISBN9781449373320",
    },
    accessInfo: {
      viewability: "PARTIAL",
      pdf: {
        isAvailable: false,
      },
    },
  },
  {
    id: "iTaL4cLrS0wG",
    volumeInfo: {
      title: "Introduction to Algorithms",
      subtitle: "Fourth Edition",
      authors: ["Thomas H. Cormen", "Charles E. Leiserson", "Ronald L. Rivest", "Clifford Stein"],
      publisher: "MIT Press",
      publishedDate: "2022",
      description:
        "The comprehensive reference on algorithms and data structures, from sorting and graph algorithms to dynamic programming, with rigorous analysis and pseudocode.",
      industryIdentifiers: [{ type: "ISBN_13", identifier: "9780262046305" }],
      pageCount: 1312,
      categories: ["Computers"],
      imageLinks: {
        smallThumbnail: "/images/books/iTaL4cLrS0wG.svg",
        thumbnail: "/images/books/iTaL4cLrS0wG.svg",
      },
      language: "en",
    },
    saleInfo: {
      saleability: "FOR_SALE",
      listPrice: {
        amount: 135.0,
        currencyCode: "USD",
      },
      retailPrice: {
        amount: 108.0,
        currencyCode: "USD",
      },
      buyLink: "https://books.google.com/books?vid=ISBN9780262046305",
    },
    accessInfo: {
      viewability: "PARTIAL",
      pdf: {
        isAvailable: false,
      },
    },
  },
  {
    id: "rFtR2mFw7yBk",
    volumeInfo: {
      title: "Refactoring",
      subtitle: "Improving the Design of Existing Code, Second Edition",
      authors: ["Martin Fowler"],
      publisher: "Addison-Wesley Professional",
      publishedDate: "2018",
      description:
        "Shows how to improve the design of working code in small, safe steps, with a catalogue of refactorings illustrated in JavaScript.",
      industryIdentifiers: [{ type: "ISBN_13", identifier: "9780134757599" }],
      pageCount: 448,
      categories: ["Computers"],
      imageLinks: {
        smallThumbnail: "/images/books/rFtR2mFw7yBk.svg",
        thumbnail: "/images/books/rFtR2mFw7yBk.svg",
      },
      language: "en",
    },
    saleInfo: {
      saleability: "FOR_SALE",
      listPrice: {
        amount: 47.99,
        currencyCode: "USD",
      },
      retailPrice: {
        amount: 38.39,
        currencyCode: "USD",
      },
      buyLink: "https://books.google.com/books?vid=ISBN9780134757599",
    },
    accessInfo: {
      viewability: "PARTIAL",
      pdf: {
        isAvailable: false,
      },
    },
  },
];
