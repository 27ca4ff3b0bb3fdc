// Spec: on the programs overview the header becomes solid on scroll when the user is not signed
// in. The header belongs to the layout, so this page only flags the document; programs.css
// (loaded with this page only) styles the header while the flag is set, and the flag goes when
// the page does.
import { useEffect } from 'react';
import { useSession } from '@rivet/shared/client/session-context';

export function useClearHeaderUntilScroll() {
  const signedIn = Boolean(useSession().profile);
  useEffect(() => {
    if (signedIn) return;
    const root = document.documentElement;
    const update = () => {
      root.dataset.header = window.scrollY > 8 ? 'solid' : 'clear';
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      delete root.dataset.header;
    };
  }, [signedIn]);
}
