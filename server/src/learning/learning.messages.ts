// What studying answers in words (the contract's and the spec's messages), in one place for the
// service, the event engine and the routes.
export const LEARNING_MESSAGES = {
  courseNotFound: 'Course not found',
  notEnrolled: 'You are not enrolled in this course',
  moduleNotFound: 'Module not found in this course',
  sectionNotFound: 'Section not found in this module',
  quizNotFound: 'Quiz not found in this section',
  noSurvey: 'This course has no survey',
  surveySubmitted: 'Thank you. Your feedback has been submitted.',
  surveyAlreadySubmitted: 'You have already answered this survey. Thank you.',
} as const;
