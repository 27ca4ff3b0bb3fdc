// Demo learners enrolled in free courses, so learner counts are not all zero. They sign in with
// the demo learner's password (see the README's demo accounts).

const PEOPLE: [string, string, string, string][] = [
  ['Amaka', 'Obi', '25-29', 'Sales Executive'],
  ['Tunde', 'Adeyemi', '30-34', 'Shop Owner'],
  ['Zainab', 'Bello', '20-24', 'Student'],
  ['Chinedu', 'Nwankwo', '25-29', 'Software Developer'],
  ['Fatima', 'Usman', '35-39', 'Teacher'],
  ['Segun', 'Ogunbiyi', '40-44', 'Accountant'],
  ['Ngozi', 'Eze', '30-34', 'Nurse'],
  ['Ibrahim', 'Musa', '25-29', 'Farmer'],
  ['Funke', 'Alabi', '20-24', 'Graduate Trainee'],
  ['Emeka', 'Okeke', '35-39', 'Logistics Manager'],
  ['Hadiza', 'Abubakar', '25-29', 'Civil Servant'],
  ['Kelechi', 'Onyeka', '20-24', 'Student'],
  ['Bisola', 'Ajayi', '30-34', 'Fashion Designer'],
  ['Yusuf', 'Lawal', '45-49', 'Cooperative Secretary'],
  ['Ifeoma', 'Chukwu', '25-29', 'Customer Service Officer'],
  ['Dayo', 'Ojo', '30-34', 'Entrepreneur'],
  ['Aisha', 'Sani', '20-24', 'Intern'],
  ['Obinna', 'Eze', '35-39', 'Project Officer'],
  ['Ronke', 'Bakare', '40-44', 'School Administrator'],
  ['Musa', 'Danladi', '25-29', 'Agro Dealer'],
];

export const DEMO_LEARNERS = PEOPLE.map(([firstName, lastName, age, jobTitle]) => ({
  firstName,
  lastName,
  age,
  jobTitle,
  email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@learners.demo.ng`,
}));

/** The free course the demo learner is already enrolled in, so their dashboard is not empty. */
export const DEMO_LEARNER_COURSE = 'Customer Service Excellence';
