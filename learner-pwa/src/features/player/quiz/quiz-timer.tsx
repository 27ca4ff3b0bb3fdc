import { formatClock } from '@rivet/shared/domain/quiz';

/**
 * The countdown of a timed quiz in mm:ss. The ticking clock is not announced (it would talk over
 * every question); the last minute is, once, politely.
 */
export function QuizTimer({ secondsLeft }: { secondsLeft: number }) {
  const lastMinute = secondsLeft <= 60;
  return (
    <p className={`quiz-timer${lastMinute ? ' quiz-timer--low' : ''}`}>
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
        <circle cx="12" cy="13" r="8" />
        <path d="M12 9v4l2.5 2.5M9 2h6" />
      </svg>
      <span className="visually-hidden">Time left: </span>
      <span role="timer" aria-live="off" className="quiz-timer__clock">
        {formatClock(secondsLeft)}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {lastMinute && secondsLeft > 0 ? 'One minute left' : ''}
      </span>
    </p>
  );
}
