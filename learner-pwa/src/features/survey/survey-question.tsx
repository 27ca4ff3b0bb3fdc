// One survey question and its answer control (spec: 1 single choice, 2 free text with 4 rows,
// 3 numeric rating from min to max by step, defaults 0, 10, 1).
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
      <div className="survey-rating">
        {values.map((value) => (
          <Radio key={value} value={String(value)} className="survey-rating__value">
            {value}
          </Radio>
        ))}
      </div>
      <Text slot="description" className="visually-hidden">
        {values[0]} is the lowest, {values.at(-1)} the highest
      </Text>
      <p className="survey-rating__scale" aria-hidden="true">
        <span>{values[0]} · lowest</span>
        <span>highest · {values.at(-1)}</span>
      </p>
    </RadioGroup>
  );
}
