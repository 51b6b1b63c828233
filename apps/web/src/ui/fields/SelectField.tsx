import { Combobox, InputBase, useCombobox } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n';
import { LIST_ITEM_HEIGHT_PX, LIST_VISIBLE_ITEMS } from '../constants';
import { dropdownSide, listHeight } from '../form/dropdown';
import { FieldFrame } from '../form/FieldFrame';
import { standalone } from '../form/standalone';
import { type FieldProps, useField } from '../form/useField';
import { commitText, filterOptions, type Suggestion, toOption } from './suggestions';

export interface SelectFieldProps extends FieldProps {
  /** Strings or `{ value, text }`. While empty, the list says "Loading ...". */
  suggestions: readonly Suggestion[];
  /** Typed text that matches no suggestion becomes the value (default false: the value becomes empty). */
  freeValue?: boolean;
  /** Default true: typing filters the list. */
  searchable?: boolean;
  /**
   * Called as the user types, e.g. to ask the server for suggestions. With it, the list shows the
   * suggestions as given (the caller searched them) instead of filtering them here.
   */
  onSearchChange?: (text: string) => void;
  /** Whether suggestions are being fetched: "Loading ..." shows only then (default: while there are none). */
  loading?: boolean;
  /** Items shown before scrolling (default 5). */
  visibleItems?: number;
}

function SelectFieldBody(props: SelectFieldProps) {
  const { t } = useTranslation('ui');
  const field = useField<string | null>(props);
  const visible = props.visibleItems ?? LIST_VISIBLE_ITEMS;
  const freeValue = props.freeValue ?? false;
  const options = useMemo(() => props.suggestions.map(toOption), [props.suggestions]);
  const value = field.value ?? null;
  const selectedText = options.find((o) => o.value === value)?.text ?? (freeValue && value ? value : '');
  const [text, setText] = useState(selectedText);
  const [filtering, setFiltering] = useState(false);
  const [side, setSide] = useState<'bottom' | 'top'>('bottom');
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      // The next opening lists everything again, as the text is the chosen value's, not a search.
      if (filtering) props.onSearchChange?.('');
      setFiltering(false);
    },
  });
  // The value or the suggestions changed from outside: show the value's text.
  useEffect(() => setText(selectedText), [selectedText]);

  const searchedByCaller = props.onSearchChange !== undefined;
  const shown = filtering && !searchedByCaller ? filterOptions(options, text) : options;
  const loading = props.loading ?? options.length === 0;
  const open = () => {
    if (field.states.disabled || field.states.readOnly) return;
    setSide(
      dropdownSide(combobox.targetRef.current?.getBoundingClientRect(), listHeight(shown.length, visible)),
    );
    combobox.openDropdown();
  };
  const leave = () => {
    combobox.closeDropdown();
    const committed = commitText(options, text, freeValue);
    setText(committed.text);
    if (committed.value !== value) field.setValue(committed.value);
    field.onBlur();
  };

  if (field.hidden) return null;
  return (
    <FieldFrame {...field.frame}>
      <Combobox
        store={combobox}
        position={side}
        middlewares={{ flip: false, shift: true }}
        onOptionSubmit={(chosen) => {
          const option = options.find((o) => o.value === chosen);
          setText(option?.text ?? chosen);
          field.setValue(chosen);
          combobox.closeDropdown();
        }}
      >
        <Combobox.Target>
          <InputBase
            {...field.input}
            autoComplete="off"
            rightSection={<Combobox.Chevron />}
            rightSectionPointerEvents="none"
            readOnly={field.states.readOnly || props.searchable === false}
            value={text}
            onClick={open}
            onFocus={field.onFocus}
            onBlur={leave}
            onChange={(event) => {
              const typed = event.currentTarget.value;
              setText(typed);
              setFiltering(true);
              props.onSearchChange?.(typed);
              open();
              combobox.updateSelectedOptionIndex();
            }}
          />
        </Combobox.Target>
        <Combobox.Dropdown data-side={side}>
          <Combobox.Options mah={visible * LIST_ITEM_HEIGHT_PX} style={{ overflowY: 'auto' }}>
            {!combobox.dropdownOpened ? null : loading && shown.length === 0 ? (
              <Combobox.Empty>{t('select.loading')}</Combobox.Empty>
            ) : shown.length === 0 ? (
              <Combobox.Empty>{t('select.nothingFound')}</Combobox.Empty>
            ) : (
              shown.map((o) => (
                <Combobox.Option
                  key={o.value}
                  value={o.value}
                  active={o.value === value}
                  h={LIST_ITEM_HEIGHT_PX}
                  style={{ display: 'flex', alignItems: 'center' }}
                >
                  {o.text}
                </Combobox.Option>
              ))
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </FieldFrame>
  );
}

/**
 * A select with search: 5 items of 36 px shown, "Loading ..." while there are no suggestions,
 * opening above or below depending on the room. Without `freeValue`, text matching no suggestion empties
 * the value when the field is left.
 */
export const SelectField = /*#__PURE__*/ standalone<string | null, SelectFieldProps>(SelectFieldBody, null);
