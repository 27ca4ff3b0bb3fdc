// The question editor's Review Question mode (spec 001 §2.5): the reviewer's read-only view of a
// question, in the same modal as Add Question and Update Question.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuizQuestion } from '@rivet/shared/domain/curriculum';
import { QuestionDialog } from './curriculum-quiz-dialogs';

const multiple: QuizQuestion = {
  type: 1,
  question: '<p>Which are <strong>assets</strong>?</p>',
  options: [
    { title: 'Cash', description: 'Money held.', isAnswer: true },
    { title: 'Stock', description: '', isAnswer: true },
    { title: 'A loan owed', description: 'A liability.', isAnswer: false },
  ],
};

describe('Review Question', () => {
  it('shows the question read-only: no field changes, no option added or removed, Close instead of saving', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const onCancel = vi.fn();
    render(<QuestionDialog mode="review" initial={multiple} onSave={onSave} onCancel={onCancel} />);
    const dialog = screen.getByRole('dialog', { name: 'Review Question' });
    expect(within(dialog).getByText('Multiple Choice')).toBeInTheDocument();
    const question = within(dialog).getByRole('region', { name: 'Question' });
    expect(question).toHaveTextContent('Which are assets?');
    expect(question.querySelector('strong')).toHaveTextContent('assets');

    const first = within(dialog).getByRole('textbox', { name: 'Option 1' });
    expect(first).toHaveValue('Cash');
    expect(first).toHaveAttribute('readonly');
    await user.type(first, ' and more');
    expect(first).toHaveValue('Cash');
    expect(within(dialog).getAllByRole('textbox', { name: 'Explanation (optional)' }).map((t) => t.getAttribute('readonly'))).toEqual(['', '', '']);

    const correct = within(dialog).getAllByRole('checkbox');
    expect(correct.map((c) => (c as HTMLInputElement).checked)).toEqual([true, true, false]);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Option 3 is a correct answer' }));
    expect((within(dialog).getByRole('checkbox', { name: 'Option 3 is a correct answer' }) as HTMLInputElement).checked).toBe(false);

    // Close is the only button: no Add Option, no Remove option, no Update Question.
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Close']);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('marks a single-choice question’s answer in a read-only radio group', async () => {
    const user = userEvent.setup();
    const single: QuizQuestion = { type: 0, question: '<p>Two plus two?</p>', options: [{ title: 'Four', description: '', isAnswer: true }, { title: 'Five', description: '', isAnswer: false }] };
    render(<QuestionDialog mode="review" initial={single} onCancel={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Review Question' });
    expect(within(dialog).getByRole('radiogroup', { name: 'Correct answer' })).toHaveAttribute('aria-readonly', 'true');
    await user.click(within(dialog).getByRole('radio', { name: 'Five' }));
    expect(within(dialog).getByRole('radio', { name: 'Four' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Five' })).not.toBeChecked();
  });

  it('still edits and saves in Update Question mode', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<QuestionDialog mode="update" initial={multiple} onSave={onSave} onCancel={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Update Question' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Option 1' }), ' in hand');
    await user.click(within(dialog).getByRole('button', { name: 'Update Question' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ options: expect.arrayContaining([expect.objectContaining({ title: 'Cash in hand' })]) }));
  });
});
