// The exercise's code editor (issue 34, decision 0058): CodeMirror 6 over the server-rendered text
// area, loaded only once an exercise's page has hydrated (a chunk of its own, with the one language
// it needs). The text area stays in the form, hidden and kept in step, so Submit posts exactly what
// the page without JavaScript would; the editor is always left to right, also on Hebrew pages.
// It lives in a shadow root: there CodeMirror's styles go into a constructed style sheet, which the
// page's Content-Security-Policy (style-src 'self', no inline <style>) allows; in the document it
// would add a <style> element the policy blocks. Names that must cross the shadow boundary (the
// label, the help) are given as text, since an id reference cannot.
import { EditorState, type Extension } from "@codemirror/state";
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from "@codemirror/language";

export type EditorLanguage = "javascript" | "sql";

async function languageSupport(language: EditorLanguage): Promise<Extension> {
  if (language === "sql") {
    const { sql, SQLite } = await import("@codemirror/lang-sql");
    return sql({ dialect: SQLite });
  }
  const { javascript } = await import("@codemirror/lang-javascript");
  return javascript();
}

const theme = EditorView.theme({
  "&": { fontSize: "0.875rem", border: "1px solid var(--color-ink-300, #cbd5e1)", borderRadius: "0.25rem" },
  "&.cm-focused": { outline: "2px solid var(--color-brand-700, #0e7490)", outlineOffset: "2px" },
  ".cm-scroller": { fontFamily: "var(--font-mono, ui-monospace, monospace)", minHeight: "14lh", maxHeight: "28rem" },
  ".cm-content": { paddingBlock: "0.5rem" },
  ".cm-gutters": {
    backgroundColor: "var(--color-ink-50, #f8fafc)",
    color: "var(--color-ink-700, #334155)",
    borderRight: "none",
  },
});

export interface MountedEditor {
  /** Replaces the text (Reset to the starter code) and keeps the text area in step. */
  setText(text: string): void;
  destroy(): void;
}

/**
 * Puts the editor in place of `textarea` (hidden, still in the form, updated on every change).
 * `label` is the text area's label: a screen reader hears the same name; `help` says how to leave.
 */
export async function mountCodeEditor(
  textarea: HTMLTextAreaElement,
  language: EditorLanguage,
  label: string,
  help: string,
): Promise<MountedEditor> {
  const support = await languageSupport(language);
  const host = document.createElement("div");
  host.dir = "ltr";
  host.dataset.testid = "exercise-editor-host";
  const shadow = host.attachShadow({ mode: "open" });
  const view = new EditorView({
    root: shadow,
    parent: shadow,
    state: EditorState.create({
      doc: textarea.value,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        // Tab indents, as programmers expect; Escape then Tab (or Ctrl-M) moves focus on, so the
        // keyboard is never trapped (the page says so under the editor).
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        support,
        theme,
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({
          "aria-label": label,
          "aria-description": help,
          "aria-multiline": "true",
          dir: "ltr",
          spellcheck: "false",
          autocapitalize: "off",
          autocorrect: "off",
          "data-testid": "exercise-editor",
        }),
        // Typing over a selection that spans lines is left to the browser by CodeMirror, and Chrome's
        // own editing then adds a style attribute, which the page's policy blocks (a console error).
        // Done here instead, as one transaction, like any other typing.
        EditorView.domEventHandlers({
          beforeinput(event, editor) {
            if (event.inputType !== "insertText" || event.data === null || editor.state.selection.main.empty)
              return false;
            event.preventDefault();
            editor.dispatch(editor.state.replaceSelection(event.data), {
              scrollIntoView: true,
              userEvent: "input.type",
            });
            return true;
          },
        }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) textarea.value = update.state.doc.toString();
        }),
      ],
    }),
  });
  view.dom.setAttribute("dir", "ltr");
  textarea.after(host);
  textarea.hidden = true;
  return {
    setText(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    destroy() {
      view.destroy();
      host.remove();
      textarea.hidden = false;
    },
  };
}
