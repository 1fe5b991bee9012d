import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@prata/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type Ref, useState } from 'react';
import type { City } from '@/lib/auth';
import { useDebouncedValue } from '@/lib/hooks';
import { CITY_SEARCH_MIN_CHARS, citySearchQuery, typedCity, useCitySearch } from '../api/search-cities';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * City search (spec 1 §5): starts above 1 character, debounced, with its own spinner (no loading dialog). A city set
 * from outside (the CEP lookup) shows in the text box: MUI resets the input to the new value's label.
 *
 * What is typed is never wiped: leaving the field with a text that names exactly one city (of the CEP's state, accents
 * and case aside) picks it; any other text stays, with "Escolha a cidade na lista" under the field. Typing over a
 * chosen city unpicks it, so the form never sends a city other than the one shown.
 */
export function CityAutocomplete({
  value,
  onChange,
  onBlur,
  error,
  helperText,
  inputRef,
  required,
  state,
}: {
  value: City | null;
  onChange: (city: City | null) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: string;
  inputRef?: Ref<HTMLInputElement>;
  required?: boolean;
  /** the state the CEP points to: its cities come first */
  state?: string;
}) {
  const queryClient = useQueryClient();
  const [input, setInput] = useState(value?.description ?? '');
  const [unpicked, setUnpicked] = useState(false);
  const term = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  const search = useCitySearch(term === value?.description ? '' : term, state);
  const typing = input.trim().length >= CITY_SEARCH_MIN_CHARS && (input !== term || search.isFetching);

  /** Leaving the field with a text not picked from the list: the one city it names, or the text kept with the error. */
  const pickTyped = async (text: string) => {
    const cities =
      text.trim().length >= CITY_SEARCH_MIN_CHARS
        ? await queryClient.fetchQuery(citySearchQuery(text, state)).catch(() => [])
        : [];
    const city = typedCity(text, cities, state);
    if (city) onChange(city);
    else setUnpicked(true);
  };
  const shownError = unpicked && !value && input.trim() !== '';

  const options = search.data ?? [];
  const merged = value && !options.some((city) => city.id === value.id) ? [value, ...options] : options;

  return (
    <Autocomplete
      value={value}
      onChange={(_event, city) => {
        setUnpicked(false);
        onChange(city);
      }}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        setInput(text);
        if (reason !== 'input') return;
        setUnpicked(false);
        if (value && text !== value.description) onChange(null);
      }}
      clearOnBlur={false}
      options={merged}
      filterOptions={(list) => list}
      getOptionLabel={(city) => city.description}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      loading={typing}
      loadingText="Buscando cidades..."
      noOptionsText={
        input.trim().length < CITY_SEARCH_MIN_CHARS ? 'Digite ao menos 2 letras' : 'Nenhuma cidade encontrada'
      }
      onBlur={() => {
        onBlur?.();
        if (!value && input.trim() !== '') void pickTyped(input);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Cidade"
          required={required}
          error={error || shownError}
          helperText={shownError ? MESSAGES.cityChooseFromList : helperText}
          inputRef={inputRef}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {typing ? <CircularProgress color="inherit" size={18} aria-label="Buscando cidades" /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
