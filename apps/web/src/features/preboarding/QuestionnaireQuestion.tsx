import { Group, Radio, SimpleGrid, TagsInput, Text } from '@mantine/core';
import { MAX_QUESTIONNAIRE_LIST } from '@fieldwork/contract';
import type { ChoiceQuestion, ListQuestion, Question } from './questionnaire-steps';

export interface QuestionProps<Q extends Question> {
  question: Q;
  value: Q extends ChoiceQuestion ? string | null : string[];
  error: string | undefined;
  onChange: (value: Q extends ChoiceQuestion ? string : string[]) => void;
}

/** One choice as a grid of cards (a radio group). */
export function ChoiceQuestionInput({
  question,
  value,
  error,
  onChange,
}: QuestionProps<ChoiceQuestion>) {
  return (
    <Radio.Group label={question.label} value={value} onChange={onChange} error={error}>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" mt="xs">
        {question.options.map((option) => (
          <Radio.Card key={option.value} value={option.value} radius="md" p="sm">
            <Group gap="xs" wrap="nowrap">
              <Radio.Indicator size="sm" />
              <Text size="sm">{option.label}</Text>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

/** A free list with suggestions: pick one, or type and press Enter (commas split entries). */
export function ListQuestionInput({
  question,
  value,
  error,
  onChange,
}: QuestionProps<ListQuestion>) {
  return (
    <TagsInput
      label={question.label}
      description={question.description}
      placeholder={value.length === 0 ? 'Type or pick, then press Enter' : undefined}
      data={[...question.suggestions]}
      value={value}
      onChange={onChange}
      error={error}
      maxTags={MAX_QUESTIONNAIRE_LIST}
      splitChars={[',']}
      acceptValueOnBlur
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}
