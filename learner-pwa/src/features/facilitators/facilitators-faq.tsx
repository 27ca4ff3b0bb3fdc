import type { ReactNode } from 'react';
import { Button, Disclosure, DisclosureGroup, DisclosurePanel, Heading } from 'react-aria-components';

const FAQ: { id: string; question: string; answer: ReactNode }[] = [
  {
    id: 'what-it-takes',
    question: 'What does it take to be an instructor?',
    answer: (
      <>
        <p>
          Deep, practical knowledge of your subject and the wish to share it. You do not need to be a professional teacher or own a
          studio: many of our instructors are lecturers, industry practitioners and business owners who teach what they do every day.
        </p>
        <p>You need a computer or a good phone, a quiet room, and a few hours each week while you build your course.</p>
      </>
    ),
  },
  {
    id: 'who-views',
    question: 'Who will view my content?',
    answer: (
      <p>
        Learners across Nigeria and beyond: students, job seekers, professionals and entrepreneurs, most of them learning on their phones.
        Before your course is published it is reviewed by our team, and once it is live anyone browsing the Rivet catalogue can find it.
      </p>
    ),
  },
  {
    id: 'getting-started',
    question: 'How do new authors get started?',
    answer: (
      <>
        <p>
          Fill in the instructor sign-up form and tell us about yourself and the course you would like to teach. We will send you our
          curriculum template to outline your course: its modules, lessons and what learners will be able to do at the end.
        </p>
        <p>
          One of our acquisition editors then follows up with you and invites you to an audition: a short sample lesson so we can agree
          on the format and style together before production starts.
        </p>
      </>
    ),
  },
  {
    id: 'support',
    question: 'What support is provided?',
    answer: (
      <ul>
        <li>Acquisition editors guide you from your first idea to an agreed course outline.</li>
        <li>Curriculum managers and scriptwriters help you shape lessons, scripts and quizzes.</li>
        <li>Video editors turn your recordings into polished, data-light lessons.</li>
        <li>Peer reviewers check your course for accuracy and clarity before it is published.</li>
      </ul>
    ),
  },
];

/** Spec: one answer open at a time (a DisclosureGroup without allowsMultipleExpanded). */
export function FacilitatorsFaq() {
  return (
    <DisclosureGroup className="faq">
      {FAQ.map((item) => (
        <Disclosure key={item.id} id={item.id} className="faq__item">
          <Heading level={3} className="faq__question">
            <Button slot="trigger" className="faq__trigger">
              <span>{item.question}</span>
              <svg className="faq__chevron" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                <path d="M6 9l6 6 6-6" />
              </svg>
            </Button>
          </Heading>
          <DisclosurePanel className="faq__answer">
            <div className="faq__answer-body" tabIndex={0}>{item.answer}</div>
          </DisclosurePanel>
        </Disclosure>
      ))}
    </DisclosureGroup>
  );
}
