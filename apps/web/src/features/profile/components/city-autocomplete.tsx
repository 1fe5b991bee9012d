import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { type Ref, useState } from 'react';
import type { City } from '../../../lib/auth';
import { useDebouncedValue } from '../../../lib/hooks';
import { CITY_SEARCH_MIN_CHARS, useCitySearch } from '../api/search-cities';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * City search (spec 1 §5): starts above 1 character, debounced, with its own spinner (no loading dialog). A city set
 * from outside (the CEP lookup) shows in the text box: MUI resets the input to the new value's label.
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
  const [input, setInput] = useState(value?.description ?? '');
  const term = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  const search = useCitySearch(term === value?.description ? '' : term, state);
  const typing = input.trim().length >= CITY_SEARCH_MIN_CHARS && (input !== term || search.isFetching);

  const options = search.data ?? [];
  const merged = value && !options.some((city) => city.id === value.id) ? [value, ...options] : options;

  return (
    <Autocomplete
      value={value}
      onChange={(_event, city) => onChange(city)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      options={merged}
      filterOptions={(list) => list}
      getOptionLabel={(city) => city.description}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      loading={typing}
      loadingText="Buscando cidades..."
      noOptionsText={
        input.trim().length < CITY_SEARCH_MIN_CHARS ? 'Digite ao menos 2 letras' : 'Nenhuma cidade encontrada'
      }
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Cidade"
          required={required}
          error={error}
          helperText={helperText}
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
