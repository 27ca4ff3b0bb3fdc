import { paths } from '../../paths';

export const NAV_ITEMS = [
  { label: 'Home', href: paths.home },
  { label: 'Courses', href: paths.discovery },
  { label: 'Partners', href: paths.partners },
  { label: 'Become an Instructor', href: paths.facilitators },
] as const;

export const SIGN_IN_HREF = `${paths.home}#sign-in`;
