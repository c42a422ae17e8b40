import { hash } from '@node-rs/argon2';
import { AppError } from '@vsp/contract/app-error';
import type { PublicUser } from '@vsp/contract/endpoints/user';
import type { UserRole } from '../../db/schema';
import type { AccountsRepository, UserRow } from './accounts.repository';

export interface CreateUserInput {
  userName: string;
  email: string;
  password: string;
  nickname?: string;
  role?: UserRole;
}

export class AccountsService {
  constructor(private readonly accounts: AccountsRepository) {}

  async createUser(input: CreateUserInput): Promise<UserRow> {
    const passwordHash = await hash(input.password);
    return this.accounts.insert({
      userName: input.userName,
      email: input.email,
      nickname: input.nickname ?? input.userName,
      passwordHash,
      role: input.role ?? 'player',
    });
  }

  async publicProfile(uid: number): Promise<PublicUser> {
    const user = await this.accounts.findByUid(uid);
    if (!user) throw new AppError(10008);
    return { uid: user.uid, nickname: user.nickname };
  }
}
