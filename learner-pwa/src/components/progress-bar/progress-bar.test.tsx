import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './progress-bar';

describe('progress bar', () => {
  it('is a named progressbar with its value, shown as a percentage', () => {
    render(<ProgressBar label="Progress" value={40} />);
    const bar = screen.getByRole('progressbar', { name: 'Progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40%')).toBeInTheDocument();
  });

  it('keeps the value between 0 and 100', () => {
    render(<ProgressBar label="Progress" value={140} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('can say its value in words, with the label only for screen readers', () => {
    render(<ProgressBar label="Survey progress" value={67} valueLabel="Question 2 of 3" hideLabel showValue={false} />);
    expect(screen.getByRole('progressbar', { name: 'Survey progress' })).toHaveAttribute('aria-valuetext', 'Question 2 of 3');
    expect(screen.queryByText('Question 2 of 3')).not.toBeInTheDocument();
  });
});
