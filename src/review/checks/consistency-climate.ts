import { traitCheck } from './trait-consistency.ts';

/** C-11: климатический район, снеговой и ветровой районы, сейсмичность, расчётная температура наружного воздуха. */
export const climateConsistency = traitCheck({
  id: 'consistency.climate',
  title: 'Климатический, снеговой и ветровой районы, сейсмичность и расчётная температура наружного воздуха совпадают в ПЗ, КР, ИОС и XML ПЗ',
  kinds: ['climate_district', 'snow_district', 'wind_district', 'seismicity', 'design_temperature'],
  xml: ['ClimateDistrict', 'SnowDistrict', 'WindDistrict', 'SeismicActivity'],
  action:
    'Уточнить {name} по СП 131.13330 и картам районирования СП 20.13330 для места строительства и привести значение к единому во всех разделах (ПЗ, в т. ч. XML, КР, ИОС); проверить расчёты нагрузок и теплотехнические расчёты, выполненные по ошибочному значению.',
  norm: 'СП 131.13330.2020 «Строительная климатология»; СП 20.13330.2016 «Нагрузки и воздействия»',
});
