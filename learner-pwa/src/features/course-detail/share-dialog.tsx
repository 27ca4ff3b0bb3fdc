// 'Share this Course' (spec: Course card actions): copy the link, or share it on a social network.
import { useEffect, useRef, useState } from 'react';
import { Button } from '@rivet/shared/ui/button';
import { Link } from '@rivet/shared/ui/link';
import { Modal } from '@rivet/shared/ui/modal';
import { toast } from '@rivet/shared/ui/toast';

/** Spec §9: the copy confirmation resets after 1500 ms. */
export const COPIED_RESET_MS = 1500;
/** The spec's toast reads 'copied!!!'; we say what was copied (docs/decisions/005-catalogue-filters.md). */
export const COPIED_TOAST = 'Link copied';

export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(`${title} on Rivet`);
  return [
    { name: 'WhatsApp', href: `https://wa.me/?text=${text}%20${u}` },
    { name: 'X', href: `https://x.com/intent/post?url=${u}&text=${text}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
  ];
}

export function ShareDialog({ isOpen, onOpenChange, url, title }: { isOpen: boolean; onOpenChange: (open: boolean) => void; url: string; title: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch (error) {
      // Spec: copy failure is logged. The link stays selected so the learner can copy it by hand.
      console.error(error);
      input.current?.select();
      return;
    }
    setCopied(true);
    toast.success(COPIED_TOAST);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_RESET_MS);
  };

  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable title="Share this Course" size="md">
      <div className="share">
        <label className="share__label" htmlFor="share-url">
          Course link
        </label>
        <div className="share__row">
          <input ref={input} id="share-url" className="share__url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <Button onPress={() => void copy()} aria-live="polite">
            {copied ? 'Copied!' : 'Copy link'}
          </Button>
        </div>
        <ul className="share__links" aria-label="Share on">
          {shareLinks(url, title).map((link) => (
            <li key={link.name}>
              <Link href={link.href} target="_blank" rel="noopener noreferrer" variant="plain" className="share__link">
                {link.name}
              </Link>
            </li>
          ))}
        </ul>
        <div className="share__footer">
          <Button variant="ghost" onPress={() => onOpenChange(false)}>
            Close
          </Button>
        </div>
      </div>
    </Modal>
  );
}
