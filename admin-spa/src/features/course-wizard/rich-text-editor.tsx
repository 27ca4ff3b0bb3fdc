// The rich-text editor for Overview and Objectives (decision 029): Tiptap (ProseMirror), loaded
// only when Additional Information opens (React.lazy), so no other console page carries it. It
// writes only what the server's allow-list keeps (paragraphs, h2/h3, bold, italic, underline,
// strike, lists, quotes, code, links); the server sanitises again before storing.
import { useEffect, useId } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  label: string;
  /** HTML; '' when the editor holds no words. */
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  errorMessage?: string;
  description?: string;
  /**
   * Called with a handle that focuses the editor (react-hook-form focuses a field in error) and
   * inserts text at the cursor (the e-mail templates' Insert Placeholder, decision 046).
   */
  focusRef?: (element: { focus: () => void; insert: (text: string) => void } | null) => void;
}

interface Tool {
  label: string;
  icon: string;
  isActive: (e: Editor) => boolean;
  run: (e: Editor) => void;
}

const TOOLS: Tool[] = [
  { label: 'Bold', icon: 'B', isActive: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { label: 'Italic', icon: 'I', isActive: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  { label: 'Underline', icon: 'U', isActive: (e) => e.isActive('underline'), run: (e) => e.chain().focus().toggleUnderline().run() },
  { label: 'Heading', icon: 'H2', isActive: (e) => e.isActive('heading', { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { label: 'Subheading', icon: 'H3', isActive: (e) => e.isActive('heading', { level: 3 }), run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  { label: 'Bulleted list', icon: '•', isActive: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: 'Numbered list', icon: '1.', isActive: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
  { label: 'Quote', icon: '❝', isActive: (e) => e.isActive('blockquote'), run: (e) => e.chain().focus().toggleBlockquote().run() },
];

const htmlOf = (editor: Editor) => (editor.getText().trim() === '' ? '' : editor.getHTML());

export default function RichTextEditor({ label, value, onChange, onBlur, errorMessage, description, focusRef }: RichTextEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description ? descriptionId : null, errorMessage ? errorId : null].filter(Boolean).join(' ') || undefined;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto'] },
        // No invisible empty paragraph kept after a list at the end (issue 30): Ctrl+End went to it
        // rather than to the last word, and the text was saved with it. Enter on an empty list item
        // leaves the list (ListItem's keymap), as in a word processor.
        trailingNode: false,
      }),
    ],
    content: value,
    onUpdate: ({ editor: e }) => onChange(htmlOf(e)),
    onBlur: () => onBlur(),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: 'cw-editor__content',
      },
    },
  });

  // ARIA that changes with the field's state (describedby, invalid) follows it without rebuilding the editor.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(errorMessage ? { 'aria-invalid': 'true' } : {}),
          class: 'cw-editor__content',
        },
      },
    });
  }, [editor, labelId, describedBy, errorMessage]);

  // A value set from outside (the saved course loaded, the form reset) replaces the text; the
  // editor's own updates come back equal and are left alone.
  useEffect(() => {
    // A remount may hand back an editor already destroyed (its schema is gone); the new one follows.
    if (editor && !editor.isDestroyed && value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    focusRef?.(editor ? { focus: () => editor.commands.focus(), insert: (text: string) => editor.chain().focus().insertContent(text).run() } : null);
  }, [editor, focusRef]);

  const active = useEditorState({ editor, selector: ({ editor: e }) => (e && !e.isDestroyed ? TOOLS.map((t) => t.isActive(e)) : TOOLS.map(() => false)) });

  return (
    <div className={`rv-field cw-editor${errorMessage ? ' cw-editor--invalid' : ''}`}>
      <span className="rv-field__label" id={labelId}>
        {label}
      </span>
      <div className="cw-editor__frame">
        <div role="toolbar" aria-label={`${label} formatting`} className="cw-editor__toolbar">
          {TOOLS.map((tool, i) => (
            <button
              key={tool.label}
              type="button"
              className="cw-editor__tool"
              aria-label={tool.label}
              aria-pressed={active?.[i] ?? false}
              title={tool.label}
              disabled={!editor}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => editor && tool.run(editor)}
            >
              {/* The glyph is drawn by CSS: "H2" or "1." written as text would be visible words
                  missing from the button's name (axe's label-content-name-mismatch; decision 093). */}
              <span aria-hidden="true" className="cw-editor__glyph" data-icon={tool.icon} />
            </button>
          ))}
        </div>
        <EditorContent editor={editor} />
      </div>
      {description ? (
        <p className="rv-field__description" id={descriptionId}>
          {description}
        </p>
      ) : null}
      {errorMessage ? (
        <p className="rv-field__error" id={errorId}>
          {errorMessage}
        </p>
      ) : null}
    </div>
  );
}
