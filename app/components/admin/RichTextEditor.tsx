import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useRef, useState, type ReactNode } from "react";

// Rich text for product descriptions and footer pages. The server renders a
// plain <textarea> with the field's name, so the form works without
// JavaScript; after hydration it becomes a Tiptap editor that posts its HTML in
// a hidden input of the same name. The server sanitizes whatever arrives.

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

type Props = {
  name: string;
  /** id of the textarea/editable area. */
  id: string;
  /** id of the visible label: a contenteditable cannot use <label for>. */
  labelId: string;
  defaultValue?: string;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
  /** The language of the text written here ("bn" for the Bangla fields), when not the page's. */
  lang?: string;
};

export function RichTextEditor(props: Props) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  // null until hydrated; then the starting HTML, including anything typed into
  // the textarea before the scripts arrived.
  const [initial, setInitial] = useState<string | null>(null);
  useEffect(() => {
    setInitial(textareaRef.current?.value ?? props.defaultValue ?? "");
    // Only once: later prop changes remount the component through its key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (initial === null) {
    const hintId = `${props.id}-hint`;
    return (
      <>
        <textarea
          ref={textareaRef}
          id={props.id}
          name={props.name}
          lang={props.lang}
          defaultValue={props.defaultValue}
          rows={8}
          placeholder={props.placeholder}
          aria-invalid={props.invalid || undefined}
          aria-describedby={[hintId, props.describedBy].filter(Boolean).join(" ")}
          className="input font-mono"
        />
        <p id={hintId} className="mt-1 text-xs text-stone-500">
          Basic HTML is kept: &lt;p&gt;, &lt;h2&gt;, &lt;strong&gt;, &lt;em&gt;, lists (&lt;ul&gt;, &lt;ol&gt;, &lt;li&gt;) and links to http, https or mailto
          addresses.
        </p>
      </>
    );
  }
  return <TiptapField {...props} initial={initial} />;
}

function TiptapField({ name, id, labelId, invalid, describedBy, lang, initial }: Props & { initial: string }) {
  const [html, setHtml] = useState(initial);
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          isAllowedUri: (url) => SAFE_LINK.test(url),
        },
      }),
    ],
    content: initial,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        ...(lang ? { lang } : {}),
        class: "prose prose-sm max-w-none min-h-40 px-3 py-2 focus:outline-none",
      },
    },
    // An empty document is "<p></p>": post "" so "required" rules still see nothing.
    onUpdate: ({ editor: e }) => setHtml(e.isEmpty ? "" : e.getHTML()),
  });

  return (
    <div
      className={`overflow-hidden rounded-md border bg-white shadow-sm focus-within:border-brand-500 focus-within:ring-1 focus-within:ring-brand-500 ${
        invalid ? "border-red-500" : "border-stone-300"
      }`}
    >
      {editor ? <Toolbar editor={editor} /> : null}
      <EditorContent editor={editor} />
      <input type="hidden" name={name} value={html} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const [linkError, setLinkError] = useState<string | null>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      heading: e.isActive("heading", { level: 2 }),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      link: e.isActive("link"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  function editLink() {
    const current = (editor.getAttributes("link").href as string | undefined) ?? "https://";
    const url = window.prompt("Link address (https://… or mailto:…); empty removes the link", current);
    if (url === null) return;
    setLinkError(null);
    if (url.trim() === "") {
      chain().extendMarkRange("link").unsetLink().run();
    } else if (!SAFE_LINK.test(url.trim())) {
      setLinkError("Links must start with http://, https:// or mailto:");
    } else {
      chain().extendMarkRange("link").setLink({ href: url.trim() }).run();
    }
  }

  return (
    <div className="border-b border-stone-200 bg-stone-50">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 p-1">
        <Tool label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()}>
          <b>B</b>
        </Tool>
        <Tool label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()}>
          <i>I</i>
        </Tool>
        <Tool label="Heading" active={state.heading} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          H
        </Tool>
        <Tool label="Bullet list" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
          •&nbsp;List
        </Tool>
        {/* Its name must contain the visible "1. List" (axe label-content-name-mismatch); the tooltip says more. */}
        <Tool label="Numbered list" name="1. List" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
          1.&nbsp;List
        </Tool>
        <Tool label="Link" active={state.link} onClick={editLink}>
          Link
        </Tool>
        <span className="mx-1 w-px self-stretch bg-stone-200" aria-hidden />
        <Tool label="Undo" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
          ↶
        </Tool>
        <Tool label="Redo" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
          ↷
        </Tool>
      </div>
      {linkError ? (
        <p role="alert" className="px-2 pb-1 text-xs text-red-700">
          {linkError}
        </p>
      ) : null}
    </div>
  );
}

function Tool({
  label,
  name = label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  /** The accessible name, when the label is not it. */
  name?: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={name}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onClick={onClick}
      className={`min-w-8 rounded px-2 py-1 text-sm transition disabled:opacity-40 ${active ? "bg-brand-600 text-white" : "text-stone-700 hover:bg-stone-200"}`}
    >
      {children}
    </button>
  );
}
