import { ComboboxChevron, InputBase, useCombobox } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { type KeyboardEvent, type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LIST_VISIBLE_ITEMS } from '../constants';
import { dropdownSide, listHeight } from '../form/dropdown';
import { FieldFrame } from '../form/FieldFrame';
import { standalone } from '../form/standalone';
import { type FieldProps, useField } from '../form/useField';
import { onDemand, useOnDemand } from '../on-demand';
import { commitText, filterOptions, type Suggestion, toOption } from './suggestions';

const selectList = onDemand(() => import('./SelectList'));

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
  /**
   * Called when the pointer or the focus first reaches the field, before it opens: suggestions searched on the
   * server are asked for then, not with the screen (a filter nobody opens costs no request).
   */
  onReached?: () => void;
  /** Whether suggestions are being fetched: "Loading ..." shows only then (default: while there are none). */
  loading?: boolean;
  /** Items shown before scrolling (default 5). */
  visibleItems?: number;
}

function SelectFieldBody(props: SelectFieldProps) {
  const field = useField<string | null>(props);
  // A failed download leaves the field typeable; it is tried again when the pointer or the focus comes back.
  const { module: list, need } = useOnDemand(selectList);
  const { onReached } = props;
  const loadList = () => {
    onReached?.();
    void need().catch(() => undefined);
  };
  const visible = props.visibleItems ?? LIST_VISIBLE_ITEMS;
  const freeValue = props.freeValue ?? false;
  const options = useMemo(() => props.suggestions.map(toOption), [props.suggestions]);
  const value = field.value ?? null;
  const selectedText = options.find((o) => o.value === value)?.text ?? (freeValue && value ? value : '');
  const [text, setText] = useState(selectedText);
  const [filtering, setFiltering] = useState(false);
  const [side, setSide] = useState<'bottom' | 'top'>('bottom');
  // The list's code is mounted from the first opening on; `listed` once it is in the page.
  const [wanted, setWanted] = useState(false);
  const [listed, setListed] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const [inputElement, setInputElement] = useState<HTMLInputElement | null>(null);
  const combobox = useCombobox({
    onDropdownOpen: () => setWanted(true),
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      // The next opening lists everything again, as the text is the chosen value's, not a search.
      if (filtering) props.onSearchChange?.('');
      setFiltering(false);
    },
  });
  const inputRef = useMergedRef<HTMLInputElement>(
    input,
    // The combobox holds its target as any element; here it is this input.
    combobox.targetRef as RefObject<HTMLInputElement | null>,
    field.input.ref,
    setInputElement,
  );
  const onListMounted = useCallback(() => setListed(true), []);
  // The value or the suggestions changed from outside: show the value's text.
  useEffect(() => setText(selectedText), [selectedText]);

  const searchedByCaller = props.onSearchChange !== undefined;
  const shown = filtering && !searchedByCaller ? filterOptions(options, text) : options;
  const loading = props.loading ?? options.length === 0;
  const opened = combobox.dropdownOpened;
  const open = () => {
    if (field.states.disabled || field.states.readOnly) return false;
    setSide(dropdownSide(input.current?.getBoundingClientRect(), listHeight(shown.length, visible)));
    combobox.openDropdown();
    // Already asked for on pointer or focus; asked again if that download failed.
    if (!list) loadList();
    return true;
  };
  const leave = () => {
    combobox.closeDropdown();
    const committed = commitText(options, text, freeValue);
    setText(committed.text);
    if (committed.value !== value) field.setValue(committed.value);
    field.onBlur();
  };
  // Mantine's combobox target's keys, kept on the input the field always draws (the list may still load).
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const code = event.nativeEvent.code;
    if (code === 'ArrowDown' || code === 'ArrowUp') {
      event.preventDefault();
      if (!opened) {
        if (!open()) return;
        setSelectedId(combobox.selectActiveOption());
        combobox.updateSelectedOptionIndex('selected', { scrollIntoView: true });
      } else {
        setSelectedId(code === 'ArrowDown' ? combobox.selectNextOption() : combobox.selectPreviousOption());
      }
    }
    if ((code === 'Enter' || code === 'NumpadEnter') && event.nativeEvent.keyCode !== 229) {
      if (opened && combobox.getSelectedOptionIndex() !== -1) {
        event.preventDefault();
        combobox.clickSelectedOption();
      }
    }
    if (event.key === 'Escape') combobox.closeDropdown('keyboard');
  };

  if (field.hidden) return null;
  const listId = listed ? combobox.listId : null;
  return (
    <FieldFrame {...field.frame}>
      <InputBase
        {...field.input}
        ref={inputRef}
        autoComplete="off"
        aria-haspopup="listbox"
        aria-controls={opened && listId ? listId : undefined}
        aria-activedescendant={opened ? selectedId || undefined : undefined}
        data-expanded={opened || undefined}
        data-mantine-stop-propagation={opened || undefined}
        rightSection={<ComboboxChevron />}
        rightSectionPointerEvents="none"
        readOnly={field.states.readOnly || props.searchable === false}
        value={text}
        onPointerEnter={loadList}
        onClick={open}
        onFocus={() => {
          loadList();
          field.onFocus();
        }}
        onBlur={leave}
        onKeyDown={onKeyDown}
        onChange={(event) => {
          const typed = event.currentTarget.value;
          setText(typed);
          setFiltering(true);
          props.onSearchChange?.(typed);
          open();
          combobox.updateSelectedOptionIndex();
        }}
      />
      {list && wanted && inputElement && (
        <list.SelectList
          store={combobox}
          input={inputElement}
          side={side}
          visible={visible}
          shown={shown}
          value={value}
          loading={loading}
          onMounted={onListMounted}
          onOptionSubmit={(chosen) => {
            const option = options.find((o) => o.value === chosen);
            setText(option?.text ?? chosen);
            field.setValue(chosen);
            combobox.closeDropdown();
          }}
        />
      )}
    </FieldFrame>
  );
}

/**
 * A select with search: 5 items of 36 px shown, "Loading ..." while there are no suggestions,
 * opening above or below depending on the room. Without `freeValue`, text matching no suggestion empties
 * the value when the field is left. The input is always the field's own; the list (Mantine's popover and
 * floating-ui) is downloaded when the pointer or the focus reaches it and opens once there
 * (docs/decisions/0121).
 */
export const SelectField = /*#__PURE__*/ standalone<string | null, SelectFieldProps>(SelectFieldBody, null);
