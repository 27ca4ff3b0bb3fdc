// Approved, published courses of the inactive partner: the catalogue must hide them all the same.
import { q, type CategorySeed } from './course-seed';

const base = {
  partner: 'TECHHUB', language: 'English', price: 0, instructor: 'Chinedu Obi', effort: '3 to 4 hours per week',
} as const;

export const TECHHUB: CategorySeed = {
  code: 'DIGITAL-SKILLS',
  courses: [
    {
      ...base,
      slug: 'javascript-for-beginners',
      title: 'JavaScript for Beginners',
      level: 1,
      headline: 'Make web pages interactive',
      description: 'Variables, functions, events and the DOM, taught through small browser projects.',
      overview: 'A beginner programming course from Naija Tech Hub Foundation, which is not publishing at the moment.',
      objectives: ['Write variables and functions', 'Handle clicks and form input', 'Change a page with the DOM'],
      modules: ['Language basics', 'Events and the DOM'],
      questions: [
        q('Which keyword declares a variable that will not be reassigned?', '*const', 'var', 'let', 'static'),
        q('Which are JavaScript data types?', '*string', '*number', '*boolean', 'paragraph'),
        q('The DOM represents…', '*the page as objects a script can change', 'a database', 'a server', 'a font'),
      ],
    },
    {
      ...base,
      slug: 'git-and-github-essentials',
      title: 'Git and GitHub Essentials',
      level: 2,
      headline: 'Version control for every project',
      description: 'Commit, branch, merge and collaborate through pull requests.',
      overview: 'Hidden from learners while the partner is inactive.',
      objectives: ['Commit and branch', 'Resolve merge conflicts', 'Open and review pull requests'],
      modules: ['Commits and branches', 'Collaboration on GitHub'],
      questions: [
        q('git commit…', '*records a snapshot of staged changes', 'uploads to GitHub', 'deletes a branch', 'installs Git'),
        q('Which are Git commands?', '*git branch', '*git merge', 'git paint', 'git print'),
        q('A pull request is used to…', '*propose and review changes', 'download a file', 'reset a password', 'buy software'),
      ],
    },
    {
      ...base,
      slug: 'sql-for-data-beginners',
      title: 'SQL for Data Beginners',
      level: 1,
      headline: 'Ask questions of your data',
      description: 'SELECT, WHERE, GROUP BY and JOIN on a small sales database.',
      overview: 'Hidden from learners while the partner is inactive.',
      objectives: ['Query a table with SELECT and WHERE', 'Summarise with GROUP BY', 'Combine tables with JOIN'],
      modules: ['Querying one table', 'Grouping and joining'],
      questions: [
        q('Which clause filters rows?', '*WHERE', 'ORDER BY', 'FROM', 'AS'),
        q('Which are aggregate functions?', '*COUNT', '*SUM', 'UPPER', 'TRIM'),
        q('A JOIN combines…', '*rows from two tables on a matching column', 'two databases into one file', 'columns into a chart', 'users'),
      ],
    },
  ],
};
