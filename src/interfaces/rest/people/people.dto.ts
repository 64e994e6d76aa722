import { PersonChangeFields, PersonCreateFields, PersonFilters } from '../../../domain/crm/people/person.view';
import { FieldsDto, QueryDto } from '../shared/fields-dto';
import { NullClears } from '../shared/fields';

/** A new person (`PersonCreateFields`, the person's read model file). */
export class CreatePersonDto extends FieldsDto(PersonCreateFields) {}

/** A change to a person: null clears an optional text (`NullClears`). */
@NullClears()
export class UpdatePersonDto extends FieldsDto(PersonChangeFields) {}

/** A list's query: the filters the domain declares (`PersonFilters`) after the page's own. */
export class PersonListQueryDto extends QueryDto(PersonFilters) {}
