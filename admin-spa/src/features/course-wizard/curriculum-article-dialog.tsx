// An article's title and body (rich text, the wizard's Tiptap editor), in a dialog so the
// builder's lists stay short. The server sanitises the body before it stores it (decision 031).
import { useState } from 'react';
import { CURRICULUM_MESSAGES as M, richTextHasWords } from '@rivet/shared/domain/curriculum';
import { Button } from '@rivet/shared/ui/button';
import { Modal } from '@rivet/shared/ui/modal';
import { TextField } from '@rivet/shared/ui/text-field';
import { RichText } from './curriculum-fields';

export interface ArticleValue {
  title: string;
  body: string;
}

export function ArticleDialog({ mode, initial, onSave, onCancel }: { mode: 'add' | 'update'; initial: ArticleValue; onSave: (article: ArticleValue) => void; onCancel: () => void }) {
  const [article, setArticle] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const titleError = submitted && !article.title.trim() ? M.articleTitle : undefined;
  const bodyError = submitted && !richTextHasWords(article.body) ? M.articleBody : undefined;

  const save = () => {
    setSubmitted(true);
    if (article.title.trim() && richTextHasWords(article.body)) onSave({ title: article.title.trim(), body: article.body });
  };

  return (
    <Modal
      isOpen
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      isDismissable
      title={mode === 'add' ? 'Add Article' : 'Update Article'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onPress={onCancel}>
            Cancel
          </Button>
          <Button onPress={save}>{mode === 'add' ? 'Add Article' : 'Update Article'}</Button>
        </>
      }
    >
      <div className="cw-dialog-form">
        <TextField label="Article Title" value={article.title} onChange={(title) => setArticle((a) => ({ ...a, title }))} errorMessage={titleError} autoFocus />
        <RichText label="Article" value={article.body} onChange={(body) => setArticle((a) => ({ ...a, body }))} errorMessage={bodyError} />
      </div>
    </Modal>
  );
}
