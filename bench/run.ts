// `npm run bench`: prints figures; it never fails on a budget (budgets are in DESIGN.md §7).
import { firstRouteSize } from './bundle-size';
import { coldStart } from './cold-start';

console.log('First-route JavaScript (gzip), budget for the learner PWA: 150 KB');
console.table([firstRouteSize('learner-pwa', 'features/landing/landing-page.tsx'), firstRouteSize('admin-spa', 'features/auth/login-page.tsx')]);
console.log('Server start on the embedded database');
console.table([await coldStart()]);
