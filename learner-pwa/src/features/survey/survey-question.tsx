// One survey question and its answer control (spec: 1 single choice, 2 free text with 4 rows,
// 3 numeric rating from min to max by step, defaults 0, 10, 1).
import type { CSSProperties } from 'react';
import { Label, Radio, RadioGroup, Text, TextArea, TextField } from 'react-aria-components';
import type { SurveyQuestion } from '@rivet/shared/api/learning';
import { ratingValues, type SurveyAnswer } from '@rivet/shared/domain/survey';
import '@rivet/shared/ui/field.css';

export interface SurveyQuestionFieldProps {
  question: SurveyQuestion;
  answer: SurveyAnswer | undefined;
  onAnswer: (answer: SurveyAnswer) => void;
  isDisabled?: boolean;
}

export function SurveyQuestionField({ question, answer, onAnswer, isDisabled }: SurveyQuestionFieldProps) {
  const label = <Label className="survey-question__label">{question.question}</Label>;

  if (question.questionType === 1) {
    return (
      <RadioGroup
        className="survey-question"
        value={answer?.optionId != null ? String(answer.optionId) : null}
        onChange={(value) => onAnswer({ optionId: Number(value) })}
        isDisabled={isDisabled}
      >
        {label}
        <div className="survey-choices">
          {question.options.map((option) => (
            <Radio key={option.surveyQuestionOptionId} value={String(option.surveyQuestionOptionId)} className="survey-choice">
              <span className="survey-choice__mark" aria-hidden="true" />
              <span className="survey-choice__text">{option.option}</span>
            </Radio>
          ))}
        </div>
      </RadioGroup>
    );
  }

  if (question.questionType === 2) {
    return (
      <TextField className="survey-question" value={answer?.text ?? ''} onChange={(text) => onAnswer({ text })} isDisabled={isDisabled}>
        {label}
        <TextArea className="rv-field__input survey-question__text" rows={4} />
      </TextField>
    );
  }

  const scale = question.options[0];
  const values = ratingValues(scale?.minValue, scale?.maxValue, scale?.step);
  return (
    <RadioGroup
      className="survey-question"
      orientation="horizontal"
      value={answer?.text ?? null}
      onChange={(text) => onAnswer({ text })}
      isDisabled={isDisabled}
    >
      {label}
      <div className="survey-rating-wrap">
        <div className="survey-rating" style={ratingColumns(values.length)}>
          {values.map((value) => (
            <Radio key={value} value={String(value)} className="survey-rating__value">
              {value}
            </Radio>
          ))}
        </div>
        <p className="survey-rating__scale" aria-hidden="true">
          <span>{values[0]} · lowest</span>
          <span>highest · {values.at(-1)}</span>
        </p>
      </div>
      <Text slot="description" className="visually-hidden">
        {values[0]} is the lowest, {values.at(-1)} the highest
      </Text>
    </RadioGroup>
  );
}

/** Rows of at most 6 numbers on phones and 11 from tablets up, as even as they can be (0–10: 6 + 5). */
function ratingColumns(count: number): CSSProperties {
  const even = (max: number) => Math.max(1, Math.ceil(count / Math.ceil(count / max)));
  return { '--rating-columns-narrow': even(6), '--rating-columns-wide': even(11) } as CSSProperties;
}
