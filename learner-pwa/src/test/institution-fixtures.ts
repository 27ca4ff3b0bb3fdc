// Partner-shaped test data in the contract's shape (shared/api/institution.ts).
import type { Institution } from '@rivet/shared/api/institution';
import { envelope } from './render-app';

export function institution(patch: Partial<Institution> = {}): Institution {
  return {
    id: 7,
    name: 'LBS',
    fullName: 'Lagos Business School',
    code: 'LBS',
    isActive: true,
    email: 'courses@lbs.example.ng',
    website: 'https://lbs.example.ng',
    address: 'Km 22 Lekki-Epe Expressway, Lagos',
    overView: 'Lagos Business School teaches managers across West Africa.',
    logoUrl: '/media/demo/lbs.png',
    bannerUrl: null,
    thumbnailUrl: null,
    students: 1234,
    courses: 3,
    ...patch,
  };
}

export function institutionPage(items: Institution[]) {
  return envelope({ items, totalRows: items.length });
}
